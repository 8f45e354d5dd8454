//! The stdio transport: one JSON-RPC message per line on stdin, one per line on stdout.
//!
//! rmcp's own stdio transport drops a line over its size bound, and a request whose shape it
//! cannot read is answered without its id: a client waiting for that id waits for ever. Here
//! every request gets an answer with its id whenever the id can be read: a line over
//! [`MAX_REQUEST_BYTES`] is answered -32600 (its top-level `id` found by a scan that keeps
//! none of the line in memory), a request of a method this server serves whose params do not
//! fit is answered -32602 ([`bad_params`]). A line that is not JSON is skipped (as every MCP
//! SDK does: answering garbage can start an echo loop), and a notification is never answered.

use std::future::Future;
use std::io;
use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::{
    CallToolRequestMethod, ConstString, ErrorCode, ErrorData, InitializeResultMethod, JsonRpcError,
    JsonRpcMessage, ListToolsRequestMethod, PingRequestMethod, RequestId,
};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

/// The longest request line read, in bytes (the newline not counted): 16 MiB, rmcp's own
/// bound. A longer line is never held in memory; it is answered with an error.
pub const MAX_REQUEST_BYTES: usize = 16 * 1024 * 1024;

/// The server's side of stdin/stdout (or any reader and writer, in tests).
pub struct Stdio<R, W> {
    lines: Lines<R>,
    out: Arc<Mutex<Option<W>>>,
    /// Error replies `receive` sent for requests it could not read: awaited before the end
    /// of input is reported, so they are written before the transport closes.
    replies: Vec<JoinHandle<()>>,
}

impl<R: AsyncRead + Unpin, W> Stdio<R, W> {
    pub fn new(read: R, write: W) -> Self {
        Self::with_limit(read, write, MAX_REQUEST_BYTES)
    }

    fn with_limit(read: R, write: W, limit: usize) -> Self {
        Stdio {
            lines: Lines {
                read: BufReader::new(read),
                line: Vec::new(),
                limit,
                skipping: None,
            },
            out: Arc::new(Mutex::new(Some(write))),
            replies: Vec::new(),
        }
    }
}

impl<R, W> Stdio<R, W>
where
    R: AsyncRead + Unpin + Send,
    W: AsyncWrite + Unpin + Send + 'static,
{
    /// Answer a request `receive` will not pass on. Sent from a task of its own: `receive`
    /// may be dropped at any await (rmcp polls it in a `select!`), a spawned write is not.
    fn answer(&mut self, error: ErrorData, id: Option<RequestId>) {
        let send = write_message(self.out.clone(), JsonRpcMessage::error(error, id));
        self.replies.push(tokio::spawn(async move {
            let _ = send.await;
        }));
    }
}

impl<R, W> rmcp::transport::Transport<RoleServer> for Stdio<R, W>
where
    R: AsyncRead + Unpin + Send,
    W: AsyncWrite + Unpin + Send + 'static,
{
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
        write_message(self.out.clone(), item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            self.replies.retain(|reply| !reply.is_finished());
            match self.lines.next().await {
                Read::Line(line) => match parse(&line) {
                    Parsed::Message(message) => return Some(*message),
                    Parsed::Skip => {}
                    Parsed::Refuse(error, id) => self.answer(error, id),
                },
                Read::TooLarge { bytes, id } => {
                    let limit = size(self.lines.limit);
                    // Said on stderr too: the client's log is where a person looks when
                    // the agent reports a failed call.
                    let which = id
                        .as_ref()
                        .map_or(String::new(), |id| format!(" (id {id})"));
                    crate::output::warn(
                        &crate::output::Paint::plain(),
                        &format!(
                            "an MCP request of {bytes} bytes{which} is over the limit of \
                             {limit}; answered with an error, not read"
                        ),
                    );
                    let message = format!(
                        "request too large: {bytes} bytes; one request may have at most \
                         {limit}; nothing in it was read"
                    );
                    self.answer(ErrorData::invalid_request(message, None), id);
                }
                Read::End => {
                    // Cancel-safe: a reply awaited here stays in the list until it is done.
                    while let Some(reply) = self.replies.last_mut() {
                        let _ = reply.await;
                        self.replies.pop();
                    }
                    return None;
                }
            }
        }
    }

    async fn close(&mut self) -> Result<(), io::Error> {
        if let Some(mut out) = self.out.lock().await.take() {
            out.flush().await?;
        }
        Ok(())
    }
}

/// One message, one line. An error that names no request carries `"id": null`, as
/// JSON-RPC 2.0 asks (rmcp leaves the field out).
fn write_message<W: AsyncWrite + Unpin + Send + 'static>(
    out: Arc<Mutex<Option<W>>>,
    item: TxJsonRpcMessage<RoleServer>,
) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
    let encoded = match &item {
        JsonRpcMessage::Error(JsonRpcError { id: None, .. }) => {
            serde_json::to_value(&item).map(|mut value| {
                if let Some(map) = value.as_object_mut() {
                    map.insert("id".into(), Value::Null);
                }
                value.to_string().into_bytes()
            })
        }
        _ => serde_json::to_vec(&item),
    };
    async move {
        let mut line = encoded.map_err(io::Error::other)?;
        line.push(b'\n');
        let mut out = out.lock().await;
        let Some(out) = out.as_mut() else {
            return Err(io::Error::new(
                io::ErrorKind::NotConnected,
                "the transport is closed",
            ));
        };
        out.write_all(&line).await?;
        out.flush().await
    }
}

enum Parsed {
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    Skip,
    Refuse(ErrorData, Option<RequestId>),
}

/// A whole line read as one message.
fn parse(line: &[u8]) -> Parsed {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    // RFC 8259 lets a reader skip a byte order mark; rmcp does.
    let line = crate::store::text::split_bom(line).1;
    if line.iter().all(u8::is_ascii_whitespace) {
        return Parsed::Skip;
    }
    let error = match serde_json::from_slice(line) {
        Ok(message) => return Parsed::Message(Box::new(message)),
        Err(error) => error,
    };
    if error.is_syntax() || error.is_eof() {
        // JSON-RPC 2.0: text that is not JSON is answered with a parse error (id null), so
        // a client that sent it learns why nothing else came back.
        return Parsed::Refuse(
            ErrorData::new(
                ErrorCode::PARSE_ERROR,
                format!("parse error: the line is not JSON ({error})"),
                None,
            ),
            None,
        );
    }
    // JSON, but not a message rmcp reads.
    match serde_json::from_slice::<Value>(line) {
        Ok(value) => refusal(&value).map_or(Parsed::Skip, |(e, id)| Parsed::Refuse(e, id)),
        Err(_) => Parsed::Skip,
    }
}

/// The answer to a JSON value that is not a message: none for a notification (no `id`) or
/// a response (the client's answer to nothing this server asked).
fn refusal(value: &Value) -> Option<(ErrorData, Option<RequestId>)> {
    let Some(map) = value.as_object() else {
        let what = if value.is_array() {
            "a batch (a JSON array) is not supported; send each request on a line of its own"
        } else {
            "a request is a JSON object"
        };
        return Some((
            ErrorData::invalid_request(format!("invalid request: {what}"), None),
            None,
        ));
    };
    let id = map.get("id")?;
    if map.contains_key("result") || map.contains_key("error") {
        return None;
    }
    let id = serde_json::from_value::<RequestId>(id.clone()).ok();
    let invalid = |what: &str| ErrorData::invalid_request(format!("invalid request: {what}"), None);
    let error = match map.get("method") {
        _ if map.get("jsonrpc").and_then(Value::as_str) != Some("2.0") => {
            invalid("\"jsonrpc\" must be \"2.0\"")
        }
        None => invalid("no \"method\""),
        Some(Value::String(method)) => {
            bad_params(method, map.get("params")).unwrap_or_else(|| match map.get("params") {
                Some(params) if !params.is_object() => {
                    invalid(&format!("params must be an object, not {}", kind(params)))
                }
                _ => ErrorData::new(
                    ErrorCode::METHOD_NOT_FOUND,
                    format!("method not found: {method}"),
                    None,
                ),
            })
        }
        Some(other) => invalid(&format!("\"method\" must be a string, not {}", kind(other))),
    };
    Some((error, id))
}

/// The error for a request of a method this server serves whose `params` do not fit it
/// (-32602, saying what is wrong); `None` for a method it does not serve (that is
/// "method not found"). The one place that decides it, for lines the transport cannot read
/// and for requests rmcp reads as a method of no known shape.
pub fn bad_params(method: &str, params: Option<&Value>) -> Option<ErrorData> {
    let served = [
        InitializeResultMethod::VALUE,
        PingRequestMethod::VALUE,
        ListToolsRequestMethod::VALUE,
        CallToolRequestMethod::VALUE,
    ];
    if !served.contains(&method) {
        return None;
    }
    let detail = match params {
        Some(params) if !params.is_object() && !params.is_null() => {
            format!("params must be an object, not {}", kind(params))
        }
        _ if method == CallToolRequestMethod::VALUE => call_params_problem(params),
        _ => format!("params do not fit {method}"),
    };
    Some(ErrorData::invalid_params(
        format!("invalid params for {method}: {detail}"),
        None,
    ))
}

/// What is wrong with a `tools/call`'s params (an object or nothing).
fn call_params_problem(params: Option<&Value>) -> String {
    let usage = "give {\"name\": TOOL, \"arguments\": {...}}";
    let Some(Value::Object(map)) = params else {
        return format!("params missing; {usage}");
    };
    match (map.get("name"), map.get("arguments")) {
        (None, _) => format!("\"name\" (the tool to call) missing; {usage}"),
        (Some(name), _) if !name.is_string() => {
            format!(
                "\"name\" (the tool to call) must be a string, not {}",
                kind(name)
            )
        }
        (_, Some(arguments)) if !arguments.is_object() && !arguments.is_null() => format!(
            "\"arguments\" (the tool's arguments) must be an object, not {}",
            kind(arguments)
        ),
        _ => match serde_json::from_value::<rmcp::model::CallToolRequestParams>(Value::Object(
            map.clone(),
        )) {
            Err(e) => e.to_string(),
            Ok(_) => usage.to_string(),
        },
    }
}

/// A byte count as the limit is told: `16 MiB (16777216 bytes)`.
fn size(bytes: usize) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB ({bytes} bytes)", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// A JSON value's kind, for messages.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

enum Read {
    Line(Vec<u8>),
    /// A line over the limit, skipped: its length and its request's id when one was found.
    TooLarge {
        bytes: usize,
        id: Option<RequestId>,
    },
    End,
}

/// Lines of at most `limit` bytes. State lives here, not in `next`'s future, so a `next`
/// dropped at its await loses nothing: what it read is in `line` (or `skipping`).
struct Lines<R> {
    read: BufReader<R>,
    line: Vec<u8>,
    limit: usize,
    /// The line being skipped because it is over the limit.
    skipping: Option<Skipped>,
}

#[derive(Default)]
struct Skipped {
    bytes: usize,
    id: IdScan,
}

impl Skipped {
    fn feed(&mut self, piece: &[u8]) {
        self.bytes += piece.len();
        self.id.feed(piece);
    }

    fn read(self) -> Read {
        Read::TooLarge {
            bytes: self.bytes,
            id: self.id.id(),
        }
    }
}

impl<R: AsyncRead + Unpin> Lines<R> {
    async fn next(&mut self) -> Read {
        loop {
            let (used, ended) = {
                let available = match self.read.fill_buf().await {
                    Ok(available) => available,
                    Err(e) => {
                        crate::output::warn(
                            &crate::output::Paint::plain(),
                            &format!("cannot read the MCP client's requests: {e}"),
                        );
                        return Read::End;
                    }
                };
                if available.is_empty() {
                    // The end of input: a line it cut short is still read (or answered).
                    if let Some(skipped) = self.skipping.take() {
                        return skipped.read();
                    }
                    if !self.line.is_empty() {
                        return Read::Line(std::mem::take(&mut self.line));
                    }
                    return Read::End;
                }
                let newline = memchr::memchr(b'\n', available);
                let piece = &available[..newline.unwrap_or(available.len())];
                if let Some(skipped) = &mut self.skipping {
                    skipped.feed(piece);
                } else if self.line.len() + piece.len() > self.limit {
                    let mut skipped = Skipped::default();
                    skipped.feed(&self.line);
                    skipped.feed(piece);
                    // Let go of the memory the line took so far.
                    self.line = Vec::new();
                    self.skipping = Some(skipped);
                } else {
                    self.line.extend_from_slice(piece);
                }
                (
                    newline.map_or(available.len(), |at| at + 1),
                    newline.is_some(),
                )
            };
            self.read.consume(used);
            if ended {
                return match self.skipping.take() {
                    Some(skipped) => skipped.read(),
                    None => Read::Line(std::mem::take(&mut self.line)),
                };
            }
        }
    }
}

/// The value of a JSON object's top-level `"id"`, found in a text read piece by piece,
/// keeping only that value's bytes (a scalar: at most [`IdScan::MAX_ID`] bytes kept).
#[derive(Default)]
struct IdScan {
    /// Nesting of objects and arrays.
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// At depth 1: the next string is a key.
    key_next: bool,
    /// Reading a key at depth 1 (its first three bytes kept: enough to tell `id`).
    reading_key: bool,
    key: Vec<u8>,
    /// The key just read is `id`, its `:` not yet seen.
    at_id: bool,
    /// Reading the value of `id`.
    value: Option<Vec<u8>>,
    found: Option<Vec<u8>>,
    done: bool,
}

impl IdScan {
    const MAX_ID: usize = 256;

    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.done {
                return;
            }
            if let Some(value) = &mut self.value {
                if value.len() > Self::MAX_ID {
                    self.done = true;
                    continue;
                }
                if self.in_string {
                    value.push(b);
                    if self.escaped {
                        self.escaped = false;
                    } else if b == b'\\' {
                        self.escaped = true;
                    } else if b == b'"' {
                        self.in_string = false;
                    }
                } else if b == b',' || b == b'}' {
                    self.found = self.value.take();
                    self.done = true;
                } else if b == b'{' || b == b'[' {
                    // Not an id (a scalar): there is none to read.
                    self.done = true;
                } else {
                    self.in_string = b == b'"';
                    value.push(b);
                }
                continue;
            }
            if self.in_string {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b'"' {
                    self.in_string = false;
                    if self.reading_key {
                        self.reading_key = false;
                        self.at_id = self.key == b"id";
                    }
                    continue;
                }
                if self.reading_key && self.key.len() < 3 {
                    self.key.push(b);
                }
                continue;
            }
            match b {
                b'"' => {
                    self.in_string = true;
                    self.reading_key = self.depth == 1 && self.key_next;
                    if self.reading_key {
                        self.key.clear();
                        self.key_next = false;
                    }
                }
                b'{' => {
                    self.depth += 1;
                    self.key_next = self.depth == 1;
                }
                b'[' if self.depth == 0 => self.done = true,
                b'[' => self.depth += 1,
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    self.done = self.depth == 0;
                }
                b',' if self.depth == 1 => {
                    self.key_next = true;
                    self.at_id = false;
                }
                b':' if self.depth == 1 && self.at_id => {
                    self.at_id = false;
                    self.value = Some(Vec::new());
                }
                _ => {}
            }
        }
    }

    fn id(self) -> Option<RequestId> {
        let bytes = self.found.or(self.value)?;
        serde_json::from_slice(bytes.trim_ascii()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(pieces: &[&str]) -> Option<RequestId> {
        let mut scan = IdScan::default();
        for piece in pieces {
            scan.feed(piece.as_bytes());
        }
        scan.id()
    }

    #[test]
    fn the_top_level_id_is_found_wherever_it_is_and_however_the_text_is_cut() {
        let line = r#"{"jsonrpc":"2.0","params":{"id":9,"arguments":{"id":"x","s":"\"id\":3, }"}},"id" : 42 ,"method":"tools/call"}"#;
        assert_eq!(scan(&[line]), Some(RequestId::Number(42)));
        for cut in 1..line.len() {
            assert_eq!(
                scan(&[&line[..cut], &line[cut..]]),
                Some(RequestId::Number(42)),
                "{cut}"
            );
        }
        assert_eq!(
            scan(&[r#"{"id":"a\"b","method":"x"}"#]),
            Some(RequestId::String("a\"b".into()))
        );
        // Cut short by the end of input right after the value.
        assert_eq!(
            scan(&[r#"{"method":"x","id":7"#]),
            Some(RequestId::Number(7))
        );
    }

    #[test]
    fn no_id_is_made_up() {
        assert_eq!(scan(&[r#"{"method":"x","params":{"id":1}}"#]), None);
        assert_eq!(scan(&[r#"[{"id":1}]"#]), None);
        assert_eq!(scan(&[r#"{"idx":1,"xid":2}"#]), None);
        assert_eq!(scan(&[r#"{"id":{"a":1}}"#]), None);
        assert_eq!(scan(&[r#"{"id":null}"#]), None);
        assert_eq!(scan(&[r#"{"method":"x","params":{"a":"#]), None);
    }

    /// Every line of `input` through a transport with a small limit: what `receive` gives
    /// and what it wrote back.
    fn run(input: &[u8], limit: usize) -> (Vec<bool>, Vec<Value>) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let (client, server_out) = tokio::io::duplex(1 << 20);
            let mut transport = Stdio::with_limit(input, server_out, limit);
            let mut received = Vec::new();
            while let Some(message) =
                rmcp::transport::Transport::<RoleServer>::receive(&mut transport).await
            {
                received.push(matches!(message, JsonRpcMessage::Request(_)));
            }
            rmcp::transport::Transport::<RoleServer>::close(&mut transport)
                .await
                .unwrap();
            drop(transport);
            let mut written = Vec::new();
            let mut reader = BufReader::new(client);
            let mut line = String::new();
            while reader.read_line(&mut line).await.unwrap() > 0 {
                written.push(serde_json::from_str(&line).unwrap());
                line.clear();
            }
            (received, written)
        })
    }

    #[test]
    fn a_line_over_the_limit_is_answered_with_its_id_and_the_next_is_read() {
        let big = format!(
            r#"{{"jsonrpc":"2.0","method":"tools/call","params":{{"name":"mind_log","arguments":{{"message":"{}"}}}},"id":5}}"#,
            "a".repeat(500)
        );
        let ping = r#"{"jsonrpc":"2.0","id":6,"method":"ping"}"#;
        let input = format!("{big}\n{ping}\n{big}");
        let (received, written) = run(input.as_bytes(), 200);
        assert_eq!(received, [true]);
        assert_eq!(written.len(), 2, "{written:?}");
        for reply in &written {
            assert_eq!(reply["id"], 5);
            assert_eq!(reply["error"]["code"], -32600);
            let message = reply["error"]["message"].as_str().unwrap();
            assert_eq!(
                message,
                format!(
                    "request too large: {} bytes; one request may have at most 200 bytes; nothing in it was read",
                    big.len()
                )
            );
        }
    }

    #[test]
    fn unreadable_lines_are_answered_requests_with_their_id_notifications_never() {
        let input = [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}"#,
            r#"{"jsonrpc":"2.0","id":"b","method":"tools/list","params":5}"#,
            r#"[{"jsonrpc":"2.0","id":3,"method":"ping"}]"#,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized","params":5}"#,
            r#"{"jsonrpc":"2.0","id":4,"error":5}"#,
            "not json {",
            "",
        ]
        .join("\n");
        let (received, written) = run(input.as_bytes(), 1000);
        assert!(received.is_empty(), "{received:?}");
        let replies: Vec<(Value, i64, String)> = written
            .iter()
            .map(|r| {
                (
                    r["id"].clone(),
                    r["error"]["code"].as_i64().unwrap(),
                    r["error"]["message"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(
            replies,
            [
                (
                    Value::from(1),
                    -32602,
                    "invalid params for tools/call: params must be an object, not a string".into()
                ),
                (
                    Value::from("b"),
                    -32602,
                    "invalid params for tools/list: params must be an object, not a number".into()
                ),
                (
                    Value::Null,
                    -32600,
                    "invalid request: a batch (a JSON array) is not supported; send each request on a line of its own".into()
                ),
                (
                    Value::Null,
                    -32700,
                    "parse error: the line is not JSON (expected ident at line 1 column 2)".into()
                ),
            ]
        );
    }
}
