//! Cues in Chinese, Japanese and Korean text: the words for "fixed"/"resolved" and for
//! "crashes", "fails", "stuck", "cannot", written without spaces around them, where the
//! cue pattern's ASCII word boundaries cannot find them. The vocabulary is the English cue
//! words translated, not phrases of any one file, and the checks are the English ones: a
//! failure word is not a report after a remedy ("修复崩溃", fix the crash) or a verb of
//! averting ("避免崩溃"), nor inside a condition ("构建失败时", when the build fails). A
//! question ("已解决吗？") never reaches the cues: `negatives::is_question` ends it first.
//! The author's own choices and findings are read too: "决定使用" (decided to use), "ことにした"
//! (decided to), "学到了" (learned), "ことが分かった" (found that).

use super::Cue;
use super::Strength::Medium;
use crate::parse::EntryType::{self, Decision, Learning, Problem, Progress};

/// A fix or resolution, done: "已修复" (fixed), "3.1.8 已解决" (resolved in 3.1.8), "修正済み";
/// and work completed ("已完成").
const DONE: &[&str] = &[
    "已修复",
    "已解决",
    // Traditional characters.
    "已修復",
    "已解決",
    "已修正",
    "修复了",
    "解决了",
    "修正済み",
    "解決済み",
    "修正しました",
    "解決しました",
    "해결됨",
    "해결했",
    "해결되었",
    // A piece of work completed: "Phase 1 页面结构创建已完成", "実装が完了しました", "배포 완료됨".
    "已完成",
    "完成了",
    "完了しました",
    // "Dealt with" (Japanese): "対応しました。" closes an issue.
    "対応しました",
    "対応済み",
    "修正完了",
    "修复完成",
    "완료됨",
    "완료했",
    "완료되었",
];

/// The author's choice: "决定使用" / "决定采用" / "决定改用" (decided to use / adopt / switch to),
/// "我们决定" (we decided), "ことにした" (decided to), "하기로 했" (decided to). Not "决定" alone,
/// which is as often "determines" ("由配置决定", decided by the config), nor "决定用", which
/// opens "决定用户…" (determines the user's …).
const DECIDED: &[&str] = &[
    "决定使用",
    "决定采用",
    "决定改用",
    "我们决定",
    "最终决定",
    "決定使用",
    "決定採用",
    "我們決定",
    "ことにした",
    "ことにしました",
    "ことに決めた",
    "ことに決定",
    "하기로 했",
    "하기로 결정",
];

/// What the author found out: "学到了" (learned), "才发现" / "后来发现" (found out, then),
/// "ことが分かった" / "ことがわかった" (it became clear that), "判明した" (turned out), "알게 되었"
/// (came to know).
const LEARNED: &[&str] = &[
    "学到了",
    "才发现",
    "后来发现",
    "結果發現",
    "结果发现",
    "ことが分かった",
    "ことがわかった",
    "ことが分かりました",
    "ことがわかりました",
    "判明した",
    "判明しました",
    "알게 되었",
    "알게 됐",
];

/// Before a choice or a finding, what makes it someone else's, still to come or asked:
/// "由" (by), "需要" / "要" / "待" (needs to, to be), "等" (once, as in "等我们决定了再部署", deploy
/// once we have decided), "是否" / "如何" (whether, how), "还没" / "尚未" (not yet).
const NOT_OWN_BEFORE: &[&str] = &[
    "由", "需要", "要", "待", "等", "是否", "如何", "还没", "尚未",
];

/// After a choice, what makes it a modifier, a wish, a condition or a duty: "决定使用的线程数"
/// (the thread count it determines), "决定使用哪个" (determines which), "决定使用者" (determines
/// the user), "ことにしたい" (would like to), "ことにしたら" (if we do), "하기로 결정하면" (if we
/// decide), "해야" (must).
const NOT_OWN_AFTER: &[&str] = &["的", "哪", "者", "い", "ら", "하면", "해야", "할"];

/// Before a "done" word, besides a condition ([`CONDITION_BEFORE`]), a wait: "等下载完成了再重启"
/// (wait for the download to complete, then restart).
const WAIT_BEFORE: &[&str] = &["等", "待"];

/// After a "done" word, what makes it a condition, a question or a modifier: "完了しましたら"
/// (once it has completed), "完了しましたか" (has it?), "완료되었는지" (whether), "완료되었으면"
/// (if), "已完成的任务" (the completed tasks).
const NOT_DONE_AFTER: &[&str] = &["ら", "か", "는지", "으면", "면", "的", "吗", "嗎"];

/// A failure reported: crashes, errors, hangs, "cannot", "does not work", "unresolved".
const FAILING: &[&str] = &[
    // Chinese
    "报错",
    "崩溃",
    "闪退",
    "卡住",
    "卡死",
    "无法",
    "失败",
    "出错",
    "不生效",
    "不起作用",
    "不工作",
    // "Cannot run / start / (work) properly / be used", "segfault", "a compile error", "an
    // error appeared / occurred", "no response".
    "不能运行",
    "不能启动",
    "不能正常",
    "不能用",
    "运行不了",
    "登录不了",
    "段错误",
    "编译错误",
    "出现错误",
    "出现了错误",
    "发生错误",
    "无响应",
    "没反应",
    "没有反应",
    // "Cannot start / open / use / connect / log in / get in / install", "still no good".
    "启动不了",
    "打不开",
    "用不了",
    "连不上",
    "登不上",
    "进不去",
    "装不上",
    "也不行",
    "未解决",
    "未修复",
    "未解決",
    // Japanese
    "エラーが発生",
    "エラーになる",
    "クラッシュ",
    "失敗",
    "動かない",
    "動作しない",
    "できない",
    "表示されない",
    "起動しない",
    // The polite forms: "cannot", "does not start / work / show", "an error appears".
    "できません",
    "起動しません",
    "動きません",
    "表示されません",
    "エラーが出",
    // Garbled characters (mojibake).
    "文字化け",
    // Korean
    "오류가 발생",
    "에러가 발생",
    "실패",
    "작동하지 않",
    "동작하지 않",
    "안 됨",
    "안됨",
    // "Does not run / log in / work", "an error occurs", and "the phenomenon of … occurs",
    // the way a Korean report names a symptom.
    "실행되지 않",
    "실행이 되지 않",
    "실행이 안",
    "로그인이 되지 않",
    "로그인이 안",
    "작동이 안",
    "오류 발생",
    "에러 발생",
    "현상이 발생",
    "현상 발생",
];

/// Words a little before a failure word that make it the object of a remedy or of averting
/// ("修复崩溃", fix the crash; "避免失败", avoid failure), and before a fix word, its negation
/// ("未解决" is matched as a failure; "没有解决了" is not a fix).
const REMEDY_BEFORE: &[&str] = &[
    "修复", "解决", "避免", "防止", "处理", "应对", "捕获", "修正", "回避", "防ぐ", "対処", "해결",
    "방지", "처리",
];
const NOT_DONE_BEFORE: &[&str] = &["未", "没", "沒", "尚", "是否", "还", "不", "아직"];

/// Words after a failure word that make it a condition: "构建失败时" (when the build fails),
/// "失败的话" (if it fails), "失敗した場合" (in case it fails), "실패하면", "실패할 경우".
const CONDITION_AFTER: &[&str] = &[
    "时", "時", "的话", "場合", "とき", "경우", "하면", "시 ", "重试", "率",
];
/// Words before a failure word that open a condition: "如果", "若", "もし", "만약".
const CONDITION_BEFORE: &[&str] = &["如果", "若", "假如", "一旦", "もし", "만약", "当"];

/// After a failure word, a verb of averting it, as Japanese puts the object first:
/// "文字化けを防ぐには" (to prevent mojibake), "クラッシュを回避する", "失敗対策".
const PREVENTED_AFTER: &[&str] = &["を防", "を回避", "を避け", "対策", "の防止"];

/// How many characters before a cue word the remedy, negation or condition words are looked
/// for: a clause in these scripts is short.
const REACH: usize = 6;

/// The cues in `buf` (a lower-cased, masked line body) written in CJK scripts.
pub(super) fn scan(buf: &[u8], out: &mut Vec<Cue>) {
    // Han, kana and Hangul all start with a byte of 0xE3 or above in UTF-8.
    if !buf.iter().any(|&b| b >= 0xE3) {
        return;
    }
    let Ok(text) = std::str::from_utf8(buf) else {
        return;
    };
    if let Some(cue) = fix_title(text) {
        out.push(cue);
        return;
    }
    if let Some(cue) = first(text, DONE, Progress, reported_done) {
        out.push(cue);
        return;
    }
    let own = |kind, words| {
        first(text, words, kind, |before, after| {
            let clause = clause_tail(before);
            !negated_before(before, NOT_DONE_BEFORE)
                && !NOT_OWN_BEFORE.iter().any(|w| clause.contains(w))
                && !CONDITION_BEFORE.iter().any(|w| clause.contains(w))
                && !NOT_OWN_AFTER.iter().any(|w| after.trim_start().starts_with(w))
                // "刚才发现登录接口报错" (just noticed the login API fails): "才发现" inside "刚才".
                && !before.ends_with('刚')
        })
    };
    let own = own(Decision, DECIDED)
        .into_iter()
        .chain(own(Learning, LEARNED))
        .min_by_key(|c| c.start);
    let failing = first(text, FAILING, Problem, |before, after| {
        // "遭遇した問題、失敗、バグ" (the problems, failures, bugs we met): nouns in a list
        // name kinds of things, as a collection's description does.
        let listed = before.ends_with('、') || after.starts_with('、');
        let clause = clause_tail(before);
        !listed
            && !REMEDY_BEFORE.iter().any(|w| clause.contains(w))
            && !CONDITION_BEFORE.iter().any(|w| clause.contains(w))
            && !CONDITION_AFTER.iter().any(|w| after.starts_with(w))
            && !after_condition_verb(after)
            && !PREVENTED_AFTER.iter().any(|w| after.starts_with(w))
    });
    // "我们决定改用 X，因为 Y 经常崩溃" (we decided to switch to X, because Y often crashes):
    // whichever comes first says what the line is.
    if let Some(cue) = own.into_iter().chain(failing).min_by_key(|c| c.start) {
        out.push(cue);
    }
}

/// The words for "fix" that open or close a commit subject or an issue's closing title:
/// "修复无法启动的问题" (fix the failure to start), "文字化け修正" (mojibake fix), as "Fix
/// X" and "X fix" do in English.
const FIX_WORDS: &[&str] = &["修复", "修正", "修復"];

/// After an opening fix word, words that make it a heading of what might be done: a method,
/// a plan, a suggestion, steps, an idea ("修复方法", "修正方案").
const FIX_PLANS: &[&str] = &[
    "方法", "方案", "建议", "步骤", "思路", "计划", "案", "手順",
    // A revised edition, after the fix, what was changed: "修正版のドキュメント", "修复后".
    "版", "后", "後", "内容", "点",
];

/// Before a closing fix word, what makes the fix one still to come: needed, pending, not
/// yet ("需要修复", "要修正", "待修复", "未修正").
const FIX_PENDING: &[&str] = &["需要", "要", "待", "未", "没", "不", "必要", "予定"];

/// Whether a word of work done, between `before` and `after`, reports it done: not negated
/// ("没有修复"), not in a condition or a wait ("等修复了再发布"), not undone after it.
fn reported_done(before: &str, after: &str) -> bool {
    let tail = clause_tail(before);
    !negated_before(before, NOT_DONE_BEFORE)
        && !CONDITION_BEFORE
            .iter()
            .chain(WAIT_BEFORE)
            .any(|w| tail.contains(w))
        && !NOT_DONE_AFTER.iter().any(|w| after.starts_with(w))
}

/// A fix reported done in one of its finished forms ("修复了", "已修复", "解决了", "已解决"), not
/// negated before it nor undone after it: the cue a Chinese line with an English defect noun
/// in it ("修复了一个 bug") is read by.
pub(super) fn scan_finished_fix(buf: &[u8], out: &mut Vec<Cue>) {
    const FINISHED: &[&str] = &["修复了", "已修复", "解决了", "已解决", "已修復", "已解決"];
    if !buf.iter().any(|&b| b >= 0xE3) {
        return;
    }
    let Ok(text) = std::str::from_utf8(buf) else {
        return;
    };
    if let Some(cue) = first(text, FINISHED, Progress, |before, after| {
        reported_done(before, after)
            // "修复了一半，还有一个 bug": half done, a bug left.
            && !["一半", "一部分", "部分"].iter().any(|w| after.starts_with(w))
    }) {
        out.push(cue);
    }
}

/// A commit subject or title that names a fix by its first or last word, in Chinese or
/// Japanese; `None` for a question, a condition or a fix still to come.
fn fix_title(text: &str) -> Option<Cue> {
    let trimmed = text.trim();
    let t = trimmed.trim_end_matches(['。', '.', '!', '！']);
    if t.ends_with(['？', '?']) || CONDITION_BEFORE.iter().any(|w| t.contains(w)) {
        return None;
    }
    let offset = text.len() - text.trim_start().len();
    for word in FIX_WORDS {
        if let Some(rest) = t.strip_prefix(word)
            && !FIX_PLANS.iter().any(|p| rest.starts_with(p))
            && !rest.starts_with(['：', ':'])
        {
            return Some(Cue {
                kind: Progress,
                strength: Medium,
                start: offset,
                end: offset + word.len(),
            });
        }
        if let Some(before) = t.strip_suffix(word)
            && !before.trim().is_empty()
            && !FIX_PENDING.iter().any(|p| before.ends_with(p))
        {
            let start = offset + before.len();
            return Some(Cue {
                kind: Progress,
                strength: Medium,
                start,
                end: start + word.len(),
            });
        }
    }
    None
}

/// The first occurrence of a word of `words` whose surroundings `fits` accepts.
fn first(
    text: &str,
    words: &[&str],
    kind: EntryType,
    fits: impl Fn(&str, &str) -> bool,
) -> Option<Cue> {
    let mut best: Option<Cue> = None;
    for word in words {
        for (start, _) in text.match_indices(word) {
            let end = start + word.len();
            if fits(&text[..start], &text[end..]) {
                if best.is_none_or(|b| start < b.start) {
                    best = Some(Cue {
                        kind,
                        strength: Medium,
                        start,
                        end,
                    });
                }
                break;
            }
        }
    }
    best
}

/// The last [`REACH`] characters of `before`, cut at the last clause break.
fn clause_tail(before: &str) -> &str {
    let cut = before
        .char_indices()
        .rev()
        .take(REACH)
        .take_while(|(_, c)| !matches!(c, '，' | '。' | '；' | '、' | ',' | ';' | '.' | '：' | ':'))
        .last()
        .map_or(before.len(), |(i, _)| i);
    &before[cut..]
}

/// Whether a word of `words` comes right before a cue word ("是否已解决", whether it is
/// resolved). Right before, not anywhere: "不具合" (a defect) holds "不".
fn negated_before(before: &str, words: &[&str]) -> bool {
    words.iter().any(|w| before.trim_end().ends_with(w))
}

/// A conditional verb ending right after the failure word: Japanese "失敗したら" / "失敗すると"
/// (if it fails), Korean "실패하면" (if it fails).
fn after_condition_verb(after: &str) -> bool {
    [
        "したら",
        "すると",
        "すれば",
        "하면",
        "할 때",
        "할 경우",
        "する場合",
        "した場合",
    ]
    .iter()
    .any(|w| after.starts_with(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> Option<EntryType> {
        let mut out = Vec::new();
        scan(text.to_ascii_lowercase().as_bytes(), &mut out);
        out.first().map(|c| c.kind)
    }

    #[test]
    fn the_common_phrasings_of_a_report_in_cjk_text() {
        // Cannot run, a segfault, a compile error appeared, cannot log in (polite), does not
        // run, the phenomenon of not logging in occurs.
        assert_eq!(kind("不能运行 错误如下"), Some(Problem));
        assert_eq!(kind("运行时提示 “段错误”，不能正常启动"), Some(Problem));
        assert_eq!(kind("因为版本问题，出现编译错误！"), Some(Problem));
        assert_eq!(kind("ログインできません"), Some(Problem));
        assert_eq!(
            kind("업데이트 후 프로그램이 실행되지 않습니다."),
            Some(Problem)
        );
        assert_eq!(
            kind("업데이트 이후 로그인이 되지 않는 현상 발생"),
            Some(Problem)
        );
        // Inside a condition, or the object of a remedy: no report.
        assert_eq!(kind("如果不能运行，请重启"), None);
        assert_eq!(kind("避免段错误"), None);
    }

    #[test]
    fn fixes_and_failures_in_cjk_text() {
        assert_eq!(kind("3.1.8 已解决。"), Some(Progress));
        assert_eq!(kind("已解决，更新 v1.3.7及以上版本"), Some(Progress));
        assert_eq!(kind("登录问题已修复"), Some(Progress));
        assert_eq!(kind("Phase 1 页面结构创建已完成"), Some(Progress));
        // A condition, a question, a wait, a modifier: nothing completed yet.
        assert_eq!(
            kind("インストールが完了しましたら、再起動してください"),
            None
        );
        assert_eq!(kind("설치가 완료되었는지 확인하세요"), None);
        assert_eq!(kind("等下载完成了再重启"), None);
        assert_eq!(kind("已完成的任务移到 archive/ 目录"), None);
        assert_eq!(kind("この不具合は修正済みです"), Some(Progress));
        assert_eq!(kind("업데이트 후 해결됨"), Some(Progress));
        assert_eq!(kind("导出pdf卡住"), Some(Problem));
        assert_eq!(kind("构建失败，缓存过期"), Some(Problem));
        assert_eq!(kind("启动后闪退"), Some(Problem));
        assert_eq!(kind("問題はまだ未解決"), Some(Problem));
        assert_eq!(kind("ログイン後にアプリがクラッシュする"), Some(Problem));
        assert_eq!(kind("빌드가 실패합니다"), Some(Problem));
        // Fix titles: "fix the failure to start", "mojibake fix", "dealt with it".
        assert_eq!(kind("修复无法启动的问题"), Some(Progress));
        assert_eq!(kind("コメントの文字化け修正"), Some(Progress));
        assert_eq!(kind("対応しました。"), Some(Progress));
        // Cannot start after the update; reinstalling did not help either.
        assert_eq!(kind("微软商店更新后启动不了"), Some(Problem));
        assert_eq!(kind("卸载重新安装也不行"), Some(Problem));
        assert_eq!(kind("なんか文字化けしてる"), Some(Problem));
    }

    #[test]
    fn fix_plans_and_fixes_to_come_are_not_progress() {
        // Fix method: ...; needs fixing; the login bug is not fixed; if you fix it, ...
        assert_eq!(kind("修复方法：清除缓存"), None);
        assert_eq!(kind("这个问题需要修复"), None);
        assert_eq!(kind("如果要修复，请先备份"), None);
        assert_eq!(kind("修复了吗？"), None);
        // The revised docs are here; to prevent mojibake, add a BOM.
        assert_eq!(kind("修正版のドキュメントはこちら"), None);
        assert_eq!(kind("文字化けを防ぐには UTF-8 BOM を付けてください"), None);
    }

    #[test]
    fn remedies_conditions_and_questions_are_not_reports() {
        // Fix the crash on start (a fix's title, as "Fix crash on startup" is: no report);
        // avoid failure; when the build fails, retry.
        assert_eq!(kind("修复启动崩溃"), Some(Progress));
        assert_eq!(kind("如何修复启动崩溃"), None);
        assert_eq!(kind("避免构建失败"), None);
        assert_eq!(kind("构建失败时自动重试"), None);
        assert_eq!(kind("如果导出失败，请重试"), None);
        assert_eq!(kind("ビルドに失敗したら再実行する"), None);
        assert_eq!(kind("빌드가 실패하면 다시 실행"), None);
        // Not resolved yet: a failure word, "未解决", not a fix.
        assert_eq!(kind("问题尚未解决"), Some(Problem));
        assert_eq!(kind("Plain English text"), None);
        // A collection's description: "records the problems, failures, bugs met".
        assert_eq!(kind("開発中に遭遇した問題、失敗、バグを記録します。"), None);
    }

    #[test]
    fn the_authors_choices_and_findings_in_cjk_text() {
        use crate::parse::EntryType::{Decision, Learning};
        assert_eq!(
            kind("决定使用 PostgreSQL 而不是 MySQL，因为需要 JSONB 支持"),
            Some(Decision)
        );
        assert_eq!(
            kind("我们决定改用 Redis，因为旧的队列经常崩溃"),
            Some(Decision)
        );
        assert_eq!(kind("キャッシュは SQLite を使うことにした"), Some(Decision));
        assert_eq!(kind("学到了：索引要建在外键上"), Some(Learning));
        assert_eq!(
            kind("調査の結果、タイムアウトが原因であることが分かった"),
            Some(Learning)
        );
        // Someone else's, still to come, not yet, determined by.
        assert_eq!(kind("由配置文件决定使用哪个数据库"), None);
        assert_eq!(kind("需要决定使用哪个队列"), None);
        assert_eq!(kind("还没决定使用哪个框架"), None);
        assert_eq!(kind("这个参数决定用户能否登录"), None);
        assert_eq!(kind("该参数决定使用的线程数"), None);
        assert_eq!(kind("这个配置决定使用哪个后端"), None);
        assert_eq!(kind("SQLite を使うことにしたい"), None);
        assert_eq!(kind("等我们决定了再部署"), None);
        assert_eq!(kind("刚才发现登录接口报错"), Some(Problem));
    }
}
