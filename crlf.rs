// MEMORY: decided: CRLF line
fn x(){}
