//! The Python Mind's reply fields, added to a command's JSON reply so that agents and
//! prompts written for its MCP tools (`success`, `logged`, `target`, `results`, `pending`,
//! `agent_prompt`, ...) keep working. Every field of the command's own reply (docs/json.md)
//! stays as it is; nothing here computes anything the command did not.

use serde_json::{Map, Value, json};

/// A reply passed through as the command gave it.
pub fn unchanged(reply: Value) -> Value {
    reply
}

fn object(reply: Value) -> Map<String, Value> {
    match reply {
        Value::Object(map) => map,
        other => {
            let mut map = Map::new();
            map.insert("reply".into(), other);
            map
        }
    }
}

fn len(map: &Map<String, Value>, key: &str) -> usize {
    map.get(key).and_then(Value::as_array).map_or(0, Vec::len)
}

/// The file name of a reply's `file` (`.mind/SESSION.md` → `SESSION.md`).
fn file_name(map: &Map<String, Value>) -> Value {
    map.get("file")
        .and_then(Value::as_str)
        .map(|f| f.rsplit(['/', '\\']).next().unwrap_or(f).to_string())
        .map_or(Value::Null, Value::String)
}

/// Reminders carry `index`: the number `mind_reminder_done` takes.
fn with_index(reminders: Option<&Value>) -> Value {
    let list = reminders
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    Value::Array(
        list.into_iter()
            .map(|mut r| {
                if let Some(map) = r.as_object_mut()
                    && let Some(number) = map.get("number").cloned()
                {
                    map.insert("index".into(), number);
                }
                r
            })
            .collect(),
    )
}

/// `mind_log`: `success`, `logged` (the line as written), `target` (the file name).
pub fn log(reply: Value) -> Value {
    let mut map = object(reply);
    let filtered = map.get("action").and_then(Value::as_str) == Some("filtered");
    map.insert("success".into(), Value::Bool(true));
    if !filtered {
        let logged = map.get("text").cloned().unwrap_or(Value::Null);
        map.insert("logged".into(), logged);
        map.insert("target".into(), file_name(&map));
    }
    Value::Object(map)
}

/// `mind_blocker`: `mind_log`'s fields plus `blocker_logged`, `description`,
/// `memory_search_results` (past solutions) and `suggestions`.
pub fn blocker(reply: Value) -> Value {
    let mut map = object(log(reply));
    let solutions = map
        .get("solutions")
        .cloned()
        .unwrap_or_else(|| Value::Array(Vec::new()));
    let found = solutions.as_array().map_or(0, Vec::len);
    let suggestions = if found > 0 {
        vec![format!(
            "Found {found} potentially relevant memories - review them"
        )]
    } else {
        let mut lines = vec!["No direct matches in memory - consider:".to_string()];
        if let Some(steps) = map.get("next_steps").and_then(Value::as_array) {
            lines.extend(steps.iter().filter_map(Value::as_str).map(String::from));
        }
        lines
    };
    // The item as written, without its list marker.
    let description = map
        .get("text")
        .and_then(Value::as_str)
        .map(|t| Value::String(t.strip_prefix("- ").unwrap_or(t).to_string()))
        .unwrap_or(Value::Null);
    map.insert("blocker_logged".into(), Value::Bool(true));
    map.insert("description".into(), description);
    map.insert("memory_search_results".into(), solutions);
    map.insert("suggestions".into(), json!(suggestions));
    Value::Object(map)
}

/// `mind_session`: `session` (the four sections) and `stats`.
pub fn session(reply: Value) -> Value {
    let mut map = object(reply);
    let section = |k: &str| map.get(k).cloned().unwrap_or_else(|| json!([]));
    let session = json!({
        "experience": section("experience"),
        "blockers": section("blockers"),
        "rejected": section("rejected"),
        "assumptions": section("assumptions"),
    });
    let stats = json!({
        "total_items": map.get("total").cloned().unwrap_or(json!(0)),
        "blockers_count": len(&map, "blockers"),
        "experience_count": len(&map, "experience"),
    });
    map.insert("session".into(), session);
    map.insert("stats".into(), stats);
    Value::Object(map)
}

/// `mind_recall`: `reminders_due`, `context_reminders` (with `index`) and `session_info`.
pub fn recall(reply: Value) -> Value {
    let mut map = object(reply);
    let reminders = map.get("reminders").cloned().unwrap_or(Value::Null);
    let new_session = map
        .get("new_session")
        .cloned()
        .unwrap_or(Value::Bool(false));
    let info = json!({
        "last_session": map.get("last_activity").cloned().unwrap_or(Value::Null),
        "gap_detected": new_session,
        "new_session_started": new_session,
        "promoted_to_memory": len(&map, "promoted"),
    });
    map.insert("reminders_due".into(), with_index(reminders.get("due")));
    map.insert(
        "context_reminders".into(),
        with_index(reminders.get("context")),
    );
    map.insert("session_info".into(), info);
    Value::Object(map)
}

/// `mind_search`: `total`, the number of results.
pub fn search(reply: Value) -> Value {
    let mut map = object(reply);
    let total = len(&map, "results");
    map.insert("total".into(), json!(total));
    Value::Object(map)
}

/// `mind_reminders` (listed with completed ones): `pending` (with `index`), `done_count`,
/// `total`.
pub fn reminders(reply: Value) -> Value {
    let mut map = object(reply);
    let all = with_index(map.get("reminders"));
    let list = all.as_array().cloned().unwrap_or_default();
    let (done, pending): (Vec<Value>, Vec<Value>) = list
        .into_iter()
        .partition(|r| r.get("done").and_then(Value::as_bool) == Some(true));
    map.insert("total".into(), json!(done.len() + pending.len()));
    map.insert("done_count".into(), json!(done.len()));
    map.insert("pending".into(), Value::Array(pending));
    map.insert("reminders".into(), all);
    Value::Object(map)
}

/// `mind_remind`: `success`, `reminder` (what `mind remind` replies) and a `message`.
pub fn remind(reply: Value) -> Value {
    let message = reply.get("message").and_then(Value::as_str).unwrap_or("");
    let when = match (
        reply.get("due").and_then(Value::as_str),
        reply.get("keywords").and_then(Value::as_array),
    ) {
        (Some(due), _) => format!("on {due}"),
        (None, Some(words)) => {
            let words: Vec<&str> = words.iter().filter_map(Value::as_str).collect();
            format!("on {}", words.join(","))
        }
        (None, None) => "next session".to_string(),
    };
    let text = format!("Reminder set: '{message}' - will remind {when}");
    let reminder = with_index(Some(&json!([reply])))[0].clone();
    json!({"success": true, "reminder": reminder, "message": text})
}

/// `mind_reminder_done`: `success`, `marked_done` (the message) and `index`.
pub fn reminder_done(reply: Value) -> Value {
    let mut map = object(reply);
    let done = with_index(map.get("done"));
    let first = done.get(0).cloned().unwrap_or(Value::Null);
    map.insert("success".into(), Value::Bool(!first.is_null()));
    map.insert(
        "marked_done".into(),
        first.get("message").cloned().unwrap_or(Value::Null),
    );
    map.insert(
        "index".into(),
        first.get("index").cloned().unwrap_or(Value::Null),
    );
    map.insert("done".into(), done);
    Value::Object(map)
}

/// `mind_checkpoint`: `processed` (entities in memory) and `context_updated`.
pub fn checkpoint(reply: Value) -> Value {
    let mut map = object(reply);
    let processed = map.get("entities").cloned().unwrap_or(json!(0));
    let updated = len(&map, "targets") > 0;
    map.insert("processed".into(), processed);
    map.insert("context_updated".into(), Value::Bool(updated));
    Value::Object(map)
}

/// `mind_add_global_edge`: the stored edge's fields at the top, as the Python Mind
/// returned the edge itself, plus `success` and where it went.
pub fn global_edge(reply: Value) -> Value {
    let mut map = object(reply);
    let mut top = match map.remove("edge") {
        Some(Value::Object(edge)) => edge,
        _ => Map::new(),
    };
    top.insert("success".into(), Value::Bool(true));
    for (key, value) in map {
        top.entry(key).or_insert(value);
    }
    Value::Object(top)
}

/// `mind_spawn_helper`: `success`, `agent_prompt` (the brief), `usage`,
/// `problem_summary`, `attempts_count`.
pub fn helper(reply: Value) -> Value {
    let mut map = object(reply);
    let prompt = map.get("markdown").cloned().unwrap_or(Value::Null);
    let problem = map.get("problem").cloned().unwrap_or(Value::Null);
    let attempts = len(&map, "attempts");
    map.insert("success".into(), Value::Bool(true));
    map.insert("agent_prompt".into(), prompt);
    map.insert(
        "usage".into(),
        json!("Give agent_prompt to a fresh helper agent (in Claude Code: the Task tool, subagent_type 'Explore' or 'general-purpose') and act on its findings."),
    );
    map.insert("problem_summary".into(), problem);
    map.insert("attempts_count".into(), json!(attempts));
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_reply_gains_the_python_fields() {
        let out = log(json!({"type": "decision", "file": ".mind/MEMORY.md", "text": "decided: X"}));
        assert_eq!(out["success"], true);
        assert_eq!(out["logged"], "decided: X");
        assert_eq!(out["target"], "MEMORY.md");
        assert_eq!(out["file"], ".mind/MEMORY.md");
    }

    #[test]
    fn pending_and_done_reminders_are_counted_with_their_index() {
        let out = reminders(json!({"reminders": [
            {"number": 1, "message": "a", "done": true},
            {"number": 2, "message": "b", "done": false}
        ]}));
        assert_eq!(out["total"], 2);
        assert_eq!(out["done_count"], 1);
        assert_eq!(
            out["pending"],
            json!([{"number": 2, "message": "b", "done": false, "index": 2}])
        );
    }
}
