// The one pattern of every cue phrase (see `cues`): bytes, ASCII word boundaries, the lower-cased
// line as input. `build.rs` includes this file and compiles the pattern into a DFA at build time,
// so `mind` never compiles it at run time; a test in `cues` checks the DFA against the pattern.

/// The cue pattern, in `regex` syntax.
pub fn cue_pattern() -> String {
    // An apostrophe, straight or typographic (U+2019 as its UTF-8 bytes). Issue threads often
    // drop it ("doesnt work", "cant connect", "wont start": "wont" counts only before a verb
    // of failure, see `negation_cues`).
    let apos = r"(?:'|\xE2\x80\x99)";
    let neg = format!(
        r"doesn{apos}?t|does not|don{apos}?t forget|don{apos}?t|do not|didn{apos}?t|did not|isn{apos}?t|is not|aren{apos}?t|are not|wasn{apos}?t|was not|weren{apos}?t|were not|won{apos}t|will not|wont|wouldn{apos}?t|can{apos}?t|cannot|can not|couldn{apos}?t|could not|unable to|not able to|fail(?:s|ed|ing)? to"
    );
    let dec = format!(
        r"decided against|decided|(?:close|closing) (?:this|it|the (?:issue|ticket|pr))|closing for now|safe to close|decision to|decision (?:has been|had been|has now been|was|is) (?:made|taken|reached)|(?:decision|plan|consensus|conclusion|verdict) (?:is|was) (?:to|that)|made (?:the|a|this|that|our) decision|going with|go with|went with|gone with|chose|chosen|opted (?:for|to)|opting for|settled on|picked|selected|switched (?:back )?(?:to|from)|switching (?:back )?(?:to|from)|switch (?:back )?(?:to|from)|stay(?:ing)? with|agreed (?:to|on)|ruled out|gave up on|given up on|abandoned|rejected|tried|considered|sticking with|stick with|prefer|favou?r|(?:i|we){apos}d rather|(?:we|i)(?:{apos}ll| will) use|use|using|(?:was|is) an? (?:deliberate|conscious|intentional)(?: [a-z]+)? (?:decision|choice)|drop|dropping|dropped"
    );
    // "This shouldn't happen": a report that something went wrong.
    let should = format!(r"should(?:n{apos}t| not| never) (?:happen|occur)");
    format!(
        r"(?-u)\b(?:{lost}|{dec}|{learn}|{prog}|{gotcha}|{neg}|{should}|{prob})\b|[a-z]error\b|[a-z]exception\b",
        // Before the progress cue "got", which would take the phrase's first word.
        lost = r"(?:got|gets|get|getting|was|were|been) lost",
        learn = r"caused by|(?:was|were|had been) causing|(?:it|this|that|bug|problem|issue|error|failure|crash) (?:was|is) (?:probably |likely |actually |simply |just )?because|(?:is|was|are|were) (?:probably |likely |actually )?due to|(?:was|were) introduced (?:in|by)|today i learned|learned|learnt|til|turns out|turned out|reali[sz](?:ed|e|ing)|discovered|found out|found that|identified that|understood (?:how|why|that)|as the (?:root )?cause|figured out|noticed that|(?:found|identified|pinned down|tracked down) the (?:root )?cause|(?:profiling|investigation|bisecting|bisection|benchmarking|debugging|the profiler|the flame ?graph) (?:showed|revealed)|lessons? learned|the lesson|lessons? (?:here )?(?:is|was) that|apparently|takeaway|insight|in (?:retrospect|hindsight)|with hindsight|looking back",
        prog = r"fixed|corrected|fixes|solves|fix|bugfix|hotfix|resolves|closes|(?:able|managed) to (?:fix|solve|resolve)|(?:now|went) live|out now|resolved|solved|shipped|completed|patched|repaired|released|works now|now works|now working|working now|works again|working again|now it works|to work now|(?:works?|working|worked) (?:fine|perfectly|flawlessly)|went (?:well|ok|okay|fine|smoothly)|got|went away|gone away|(?:is|are|was|were|now) gone|no longer|(?:is|are|now) done|fixing|address(?:es|ed)|did the trick|that did it|(?:it|that|this) work(?:s|ed)|done|complete|finished",
        gotcha = r"watch out|watch for|be aware|beware|be careful|careful (?:with|when|not)|caveats?|pitfalls?|gotchas?|footguns?|traps?|heads[ -]up|keep in mind|make sure",
        prob = r"(?:was|were|went|been) (?:down|offline)|still (?:getting|seeing|happening|failing|broken|occurring|present|occurs|happens|persists|exists|reproducible|reproduces)|(?:been|started|keeps|kept) happening|nothing (?:works|worked|helps|helped|happens|happened)|(?:is|went|turned|stays|still) red|silently|hang|[45][0-9][0-9]|stuck|blocked|struggling with|not working|not (?:always |even |properly |correctly )?(?:works?|start|starting|load|loading|open|opening|show|showing|run|running|save|saving|sync|syncing|update|updating|respond|responding|connect|connecting|display|displaying|render|rendering|triggered|triggering|removing|coming through|launch|launching|boot|booting|install|installing)|stop(?:s|ped) (?:working|responding)|broken|breaks|broke|crash(?:es|ed|ing)?|fails|failed|failing|fail|failures?|errors?|exceptions?|leak(?:s|ed|ing)?|race conditions?|deadlocks?|timeouts?|timed out|times out|timing out|time out|hangs|hanging|stall(?:s|ed|ing)|flaking|flaked|freez(?:es|ing)|froze|panic(?:s|ked|king)?|segfaults?|segmentation faults?|seg faults?|sigsegv|segv|sigabrt|core dumped|stack overflow|regressions?|vulnerab[a-z]*|oom(?:-killed)?|out of memory|out of sync|bad interpreter|no such file|not found|permission denied|bugs?|buggy|issues?|problems?|exposed|unavailable|incorrect",
    )
}
