//! `.mind/state.json`: last activity and bookkeeping. Not memory: deleting it only
//! means the next recall starts a new session.

use std::path::Path;

use serde_json::{Map, Value};

use crate::error::Result;
use crate::store::{atomic, text};

/// Where MEMORY.md's line count is kept (`store::tail`).
const MEMORY_LINES_KEY: &str = "memory_lines";
const MEMORY_KEYS_KEY: &str = "memory_keys";
/// The current session's blockers, each with where MEMORY.md and the commit store ended
/// when it was logged and the day it was logged on ([`State::mark_blocker`]).
const BLOCKER_MARKS: &str = "session_blocker_marks";
/// The state field of [`State::unrecalled_break`].
const UNRECALLED_BREAK: &str = "unrecalled_break";
/// When `mind log` last wrote each file (`{"MEMORY.md": ms, ...}`): [`State::last_logged`].
const LAST_LOGGED: &str = "last_logged";
/// The agents' conversations (their hooks' `session_id`) that started or went on in the
/// current session: [`State::agent_session_seen`].
const AGENT_SESSIONS: &str = "agent_sessions";
/// At most this many of them are kept (the latest): several agents in one long session.
const AGENT_SESSIONS_KEPT: usize = 32;
/// The start of the session in which recall last gave the large-MEMORY.md hint:
/// [`State::memory_hint_said`].
const MEMORY_HINT_SAID: &str = "memory_hint_said";
/// The session a recall ended, not yet told to a `mind log` or `mind session`:
/// [`State::session_ended`].
const SESSION_ENDED: &str = "session_ended";

/// A session that a recall ended ([`State::session_ended`]): when, how long after its last
/// activity, where its SESSION.md was archived and how many of its open blockers the new
/// session carries over.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SessionEnded {
    /// The start of the session the recall started (epoch milliseconds): the record holds
    /// only during it.
    pub session: i64,
    /// Epoch milliseconds of the recall that ended it.
    pub at: i64,
    /// Epoch milliseconds of the ended session's last activity, if known.
    pub last_activity: Option<i64>,
    /// The ended session's archive (relative to the project root).
    pub archived: String,
    /// Its open blockers carried over into the new SESSION.md.
    pub carried_blockers: usize,
}

/// A break no recall has seen yet ([`State::unrecalled_break`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnrecalledBreak {
    /// Epoch milliseconds of the last activity before the break.
    pub from: i64,
    /// Epoch milliseconds of the command that ended it (`None` in a marker written before
    /// this was kept): with `from`, how long the break was.
    pub to: Option<i64>,
    /// How many items each section of SESSION.md held when the break was noticed (in
    /// `Section::ALL`'s order): those are the finished session's, the later ones were
    /// logged after the break. `None` for a marker without counts (nothing is carried over).
    pub items: Option<[usize; 4]>,
}

/// The state file's content. Unknown keys are kept as they are.
#[derive(Debug, Clone, Default)]
pub struct State {
    fields: Map<String, Value>,
    /// Why the file could not be read, if it could not (reported by `mind status`).
    pub problem: Option<String>,
}

impl State {
    /// Load the state; a missing file is an empty state, a corrupt one is empty with a problem.
    pub fn load(path: &Path) -> Result<State> {
        let Some(bytes) = text::read_optional(path)? else {
            return Ok(State::default());
        };
        match text::parse_json::<Value>(&bytes) {
            Ok(Value::Object(fields)) => Ok(State {
                fields,
                problem: None,
            }),
            Ok(_) => Ok(State {
                fields: Map::new(),
                problem: Some("not a JSON object".into()),
            }),
            Err(e) => Ok(State {
                fields: Map::new(),
                problem: Some(format!("invalid JSON: {e}")),
            }),
        }
    }

    /// Epoch milliseconds of the last activity (the Python Mind's `last_activity`).
    pub fn last_activity(&self) -> Option<i64> {
        self.fields.get("last_activity").and_then(value_as_i64)
    }

    pub fn set_last_activity(&mut self, epoch_ms: i64) {
        self.fields
            .insert("last_activity".into(), Value::from(epoch_ms));
        self.fields
            .entry("schema_version")
            .or_insert(Value::from(2));
        self.fields.entry("memory_hash").or_insert(Value::from(""));
    }

    /// A break that a command other than `mind recall` ended (a log, a search, a
    /// checkpoint): the one a recall would have taken for a new session, had it come first.
    /// The next recall starts the new session from it and clears it.
    pub fn unrecalled_break(&self) -> Option<UnrecalledBreak> {
        let marker = self.fields.get(UNRECALLED_BREAK)?;
        let from = marker.get("from").and_then(value_as_i64)?;
        let items = marker
            .get("items")
            .and_then(Value::as_array)
            .and_then(|items| {
                let mut counts = [0; 4];
                for (count, value) in counts.iter_mut().zip(items) {
                    *count = usize::try_from(value.as_u64()?).ok()?;
                }
                (items.len() == 4).then_some(counts)
            });
        let to = marker.get("to").and_then(value_as_i64);
        Some(UnrecalledBreak { from, to, items })
    }

    /// Remember a break from `from` (the last activity before it) to `to` (the command that
    /// ended it), when SESSION.md's sections held `items` items.
    pub fn set_unrecalled_break(&mut self, from: i64, to: i64, items: [usize; 4]) {
        self.fields.insert(
            UNRECALLED_BREAK.into(),
            serde_json::json!({ "from": from, "to": to, "items": items }),
        );
    }

    pub fn clear_unrecalled_break(&mut self) {
        self.fields.remove(UNRECALLED_BREAK);
    }

    /// Epoch milliseconds when the current session started (set by recall on a new session).
    pub fn session_started(&self) -> Option<i64> {
        self.fields.get("session_started").and_then(value_as_i64)
    }

    pub fn set_session_started(&mut self, epoch_ms: i64) {
        self.fields
            .insert("session_started".into(), Value::from(epoch_ms));
    }

    /// Start a session at `epoch_ms`, when MEMORY.md is `memory_len` bytes long and the
    /// commit store `commits_len`: what lies past those lengths was written during this session.
    pub fn start_session(&mut self, epoch_ms: i64, memory_len: u64, commits_len: u64) {
        self.set_session_started(epoch_ms);
        self.fields
            .insert("session_memory_offset".into(), Value::from(memory_len));
        self.fields
            .insert("session_commits_offset".into(), Value::from(commits_len));
        self.fields.remove(BLOCKER_MARKS);
        self.fields.remove(AGENT_SESSIONS);
        self.fields.remove(SESSION_ENDED);
    }

    /// The session the recall that started the current one ended, while no `mind log` or
    /// `mind session` has said so yet ([`State::take_session_ended`]). A record of another
    /// session than the current one is none.
    pub fn session_ended(&self) -> Option<SessionEnded> {
        let ended: SessionEnded = self.typed(SESSION_ENDED)?;
        (Some(ended.session) == self.session_started()).then_some(ended)
    }

    /// Remember that the recall starting the current session ended the one before (after
    /// [`State::start_session`], which forgets an earlier record).
    pub fn set_session_ended(&mut self, ended: &SessionEnded) {
        self.set_typed(SESSION_ENDED, Some(ended));
    }

    /// [`State::session_ended`], forgotten: it is said once.
    pub fn take_session_ended(&mut self) -> Option<SessionEnded> {
        let ended = self.session_ended();
        self.fields.remove(SESSION_ENDED);
        ended
    }

    /// Whether the agent's conversation `id` started or went on in the current session
    /// ([`State::add_agent_session`]).
    pub fn agent_session_seen(&self, id: &str) -> bool {
        self.fields
            .get(AGENT_SESSIONS)
            .and_then(Value::as_array)
            .is_some_and(|ids| ids.iter().any(|seen| seen.as_str() == Some(id)))
    }

    /// Record that the agent's conversation `id` started or went on in the current session
    /// (the newest last; the oldest beyond [`AGENT_SESSIONS_KEPT`] forgotten). A new
    /// session ([`State::start_session`]) forgets them all.
    pub fn add_agent_session(&mut self, id: &str) {
        let mut ids: Vec<Value> = self
            .fields
            .get(AGENT_SESSIONS)
            .and_then(Value::as_array)
            .map(|ids| {
                ids.iter()
                    .filter(|seen| seen.is_string() && seen.as_str() != Some(id))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        ids.push(Value::from(id));
        let excess = ids.len().saturating_sub(AGENT_SESSIONS_KEPT);
        ids.drain(..excess);
        self.fields.insert(AGENT_SESSIONS.into(), Value::Array(ids));
    }

    /// Remember MEMORY.md's and the commit store's lengths when the blocker `text` was
    /// logged in this session, the day and the time (epoch milliseconds): only what they
    /// gain after it can fix it (a fix logged before a blocker that came back does not), and
    /// of that only what is not dated before the day (a fix `mind harvest` brings from an
    /// old commit does not either); the time tells a blocker logged near the end of its
    /// session, which a new session carries over while it is open.
    pub fn mark_blocker(
        &mut self,
        text: &str,
        memory_len: u64,
        commits_len: u64,
        day: Option<chrono::NaiveDate>,
        at: Option<i64>,
    ) {
        let marks = self
            .fields
            .entry(BLOCKER_MARKS.to_string())
            .or_insert_with(|| Value::Object(Default::default()));
        if let Value::Object(marks) = marks {
            let day = day.map(|day| day.to_string());
            let mark = match (day, at) {
                (day, Some(at)) => serde_json::json!([memory_len, commits_len, day, at]),
                (Some(day), None) => serde_json::json!([memory_len, commits_len, day]),
                (None, None) => serde_json::json!([memory_len, commits_len]),
            };
            marks.insert(text.to_string(), mark);
        }
    }

    /// When the blocker `text` was logged (epoch milliseconds; [`State::mark_blocker`]), if
    /// it was marked with the time.
    pub fn blocker_logged_at(&self, text: &str) -> Option<i64> {
        let mark = self.fields.get(BLOCKER_MARKS)?.get(text)?.as_array()?;
        mark.get(3).and_then(value_as_i64)
    }

    /// The day the blocker `text` was logged on ([`State::mark_blocker`]), if it was marked
    /// with one.
    pub fn blocker_day(&self, text: &str) -> Option<chrono::NaiveDate> {
        let mark = self.fields.get(BLOCKER_MARKS)?.get(text)?.as_array()?;
        mark.get(2)?.as_str()?.parse().ok()
    }

    /// MEMORY.md's and the commit store's lengths when the blocker `text` was logged in this
    /// session ([`State::mark_blocker`]), if it was.
    pub fn blocker_mark(&self, text: &str) -> Option<(u64, u64)> {
        let mark = self.fields.get(BLOCKER_MARKS)?.get(text)?.as_array()?;
        Some((mark.first()?.as_u64()?, mark.get(1)?.as_u64()?))
    }

    /// Move every offset into the commit store this state keeps (the session's start, each
    /// blocker's mark) through `shift`: lines before them left the store.
    pub fn shift_commits_offsets(&mut self, shift: impl Fn(u64) -> u64) {
        if let Some(offset) = self.session_commits_offset() {
            self.fields
                .insert("session_commits_offset".into(), Value::from(shift(offset)));
        }
        if let Some(Value::Object(marks)) = self.fields.get_mut(BLOCKER_MARKS) {
            for mark in marks.values_mut() {
                if let Some(slot) = mark.as_array_mut().and_then(|m| m.get_mut(1))
                    && let Some(offset) = slot.as_u64()
                {
                    *slot = Value::from(shift(offset));
                }
            }
        }
    }

    /// MEMORY.md's length in bytes when the current session started, if known.
    pub fn session_memory_offset(&self) -> Option<u64> {
        self.fields
            .get("session_memory_offset")
            .and_then(Value::as_u64)
    }

    /// The commit store's (`.mind/cache/commits.md`) length in bytes when the current
    /// session started, if known (0 when it did not exist).
    pub fn session_commits_offset(&self) -> Option<u64> {
        self.fields
            .get("session_commits_offset")
            .and_then(Value::as_u64)
    }

    /// Ids of the context reminders already shown during the session that started at
    /// `session` (a list recorded for another session is empty).
    pub fn fired_reminders(&self, session: i64) -> Vec<String> {
        let Some(fired) = self.fields.get("fired_reminders") else {
            return Vec::new();
        };
        if fired.get("session").and_then(value_as_i64) != Some(session) {
            return Vec::new();
        }
        fired
            .get("ids")
            .and_then(Value::as_array)
            .map(|ids| {
                ids.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Record reminders shown during the session that started at `session`, replacing a
    /// list left from an earlier session.
    pub fn add_fired_reminders(&mut self, session: i64, ids: &[String]) {
        let mut all = self.fired_reminders(session);
        for id in ids {
            if !all.contains(id) {
                all.push(id.clone());
            }
        }
        self.fields.insert(
            "fired_reminders".into(),
            serde_json::json!({ "session": session, "ids": all }),
        );
    }

    /// Whether recall gave the large-MEMORY.md hint during the session that started at
    /// `session` (one given in an earlier session does not count).
    pub fn memory_hint_said(&self, session: i64) -> bool {
        self.fields.get(MEMORY_HINT_SAID).and_then(value_as_i64) == Some(session)
    }

    /// Record that recall gave the large-MEMORY.md hint during the session that started at
    /// `session`, so a later recall in it does not repeat it.
    pub fn set_memory_hint_said(&mut self, session: i64) {
        self.fields
            .insert(MEMORY_HINT_SAID.into(), Value::from(session));
    }

    /// MEMORY.md's line count as last seen (`store::tail`), when recorded.
    pub fn memory_lines(&self) -> Option<crate::store::tail::LineCount> {
        self.typed(MEMORY_LINES_KEY)
    }

    /// Record MEMORY.md's line count; `None` forgets it.
    pub fn set_memory_lines(&mut self, count: Option<crate::store::tail::LineCount>) {
        self.set_typed(MEMORY_LINES_KEY, count);
    }

    /// What `.mind/cache/memory-keys.bin` holds (`capture::kept_keys`), when recorded.
    pub fn memory_keys(&self) -> Option<crate::store::tail::KeysStamp> {
        self.typed(MEMORY_KEYS_KEY)
    }

    /// Record what `.mind/cache/memory-keys.bin` holds; `None` forgets it.
    pub fn set_memory_keys(&mut self, stamp: Option<crate::store::tail::KeysStamp>) {
        self.set_typed(MEMORY_KEYS_KEY, stamp);
    }

    /// A field read as `T`; `None` when absent or of another shape (an older or hand-edited
    /// state is bookkeeping to recompute, not an error).
    fn typed<T: serde::de::DeserializeOwned>(&self, key: &str) -> Option<T> {
        serde_json::from_value(self.fields.get(key)?.clone()).ok()
    }

    /// Record a field as `T`; `None` removes it.
    fn set_typed<T: serde::Serialize>(&mut self, key: &str, value: Option<T>) {
        match value.and_then(|v| serde_json::to_value(v).ok()) {
            Some(value) => self.fields.insert(key.into(), value),
            None => self.fields.remove(key),
        };
    }

    pub fn set_memory_hash(&mut self, hash: String) {
        self.fields.insert("memory_hash".into(), Value::from(hash));
    }

    /// The context block last written to an instruction file, used to repair a damaged marker.
    pub fn context_block(&self, target: &str) -> Option<&str> {
        self.fields.get("context_blocks")?.get(target)?.as_str()
    }

    pub fn set_context_block(&mut self, target: &str, block: &str) {
        self.insert_in_object("context_blocks", target, Value::from(block));
    }

    /// Forget the context block last written to `target` (it was taken out of the file).
    pub fn remove_context_block(&mut self, target: &str) {
        if let Some(Value::Object(map)) = self.fields.get_mut("context_blocks") {
            map.remove(target);
        }
    }

    /// When `mind` last changed the target's file (epoch milliseconds), if recorded.
    pub fn context_written(&self, target: &str) -> Option<i64> {
        self.fields
            .get("context_written")?
            .get(target)
            .and_then(value_as_i64)
    }

    pub fn set_context_written(&mut self, target: &str, epoch_ms: i64) {
        self.insert_in_object("context_written", target, Value::from(epoch_ms));
    }

    /// When `mind log` last wrote `file` (epoch milliseconds on mind's clock), if recorded.
    pub fn last_logged(&self, file: &str) -> Option<i64> {
        self.fields.get(LAST_LOGGED)?.get(file)?.as_i64()
    }

    pub fn set_last_logged(&mut self, file: &str, epoch_ms: i64) {
        self.insert_in_object(LAST_LOGGED, file, Value::from(epoch_ms));
    }

    /// Set `key` in the object `field` (created, or replacing a value of another shape).
    fn insert_in_object(&mut self, field: &str, key: &str, value: Value) {
        let object = self
            .fields
            .entry(field)
            .or_insert_with(|| Value::Object(Map::new()));
        if !object.is_object() {
            *object = Value::Object(Map::new());
        }
        if let Value::Object(map) = object {
            map.insert(key.to_string(), value);
        }
    }

    /// A bookkeeping value by name (for records other modules keep, such as warnings given once).
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.get(key)
    }

    pub fn set(&mut self, key: &str, value: Value) {
        self.fields.insert(key.to_string(), value);
    }

    pub fn remove(&mut self, key: &str) {
        self.fields.remove(key);
    }

    /// Write the state atomically, pretty-printed with two-space indents like the Python Mind.
    ///
    /// Not synced to the disk: the state is bookkeeping, not memory, and waiting for the disk
    /// twice (the file, then its folder) was the largest part of a same-session `recall`'s
    /// wall time. A crash of mind leaves the old state or the new one; a power loss may bring
    /// back the previous state (or an empty file, read as none), which costs at most a new
    /// session at the next recall, a reminder shown again, or a block repair refused.
    pub fn save(&self, path: &Path) -> Result<()> {
        atomic::write_atomic_unsynced(path, self.render().as_bytes())
    }

    /// Write the state only when it differs from the file (keeps `init` a no-op when repeated).
    pub fn save_if_changed(&self, path: &Path) -> Result<()> {
        let bytes = self.render();
        match super::read_guard::read(path) {
            Ok(Some(existing)) if existing == bytes.as_bytes() => Ok(()),
            _ => atomic::write_atomic_unsynced(path, bytes.as_bytes()),
        }
    }

    fn render(&self) -> String {
        let mut out =
            serde_json::to_string_pretty(&self.fields).expect("a JSON map always serialises");
        out.push('\n');
        out
    }
}

fn value_as_i64(value: &Value) -> Option<i64> {
    value.as_i64().or_else(|| value.as_f64().map(|f| f as i64))
}

/// A stable content hash (FNV-1a over 64-bit words, plus the length; hex) for change
/// detection. Not cryptographic: it only tells whether a file changed.
pub fn content_hash(bytes: &[u8]) -> String {
    format!("{:016x}", content_hash_u64(bytes))
}

/// [`content_hash`] as the number its hex digits spell.
pub fn content_hash_u64(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325 ^ bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8-byte chunk"));
        hash = (hash ^ word).wrapping_mul(PRIME);
        hash ^= hash >> 29;
    }
    for &b in chunks.remainder() {
        hash = (hash ^ u64::from(b)).wrapping_mul(PRIME);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::content_hash;

    #[test]
    fn hash_tells_content_apart() {
        assert_eq!(content_hash(b"abc"), content_hash(b"abc"));
        assert_ne!(content_hash(b"abc"), content_hash(b"abd"));
        assert_ne!(content_hash(b"12345678a"), content_hash(b"12345678b"));
        assert_ne!(content_hash(b""), content_hash(b"\0"));
    }
}
