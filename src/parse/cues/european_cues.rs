//! Cues in Russian, German, French, Spanish, Portuguese, Italian and Vietnamese text: the words for
//! "fixed"/"resolved" and for "does not work", "crashes", "fails", "won't start", and the
//! author's own "we decided", "I learned that", "it turned out", which the English cue pattern
//! does not know. As with [`super::cjk_cues`], the vocabulary is the
//! English cue words translated (general software vocabulary, not phrases of any one file)
//! and the checks are the English ones: a failure is no report as the object of a remedy
//! ("исправить падение", fix the crash), inside a condition ("si no funciona, reinicia",
//! if it does not work, restart), negated ("больше не вылетает", no longer crashes) or asked,
//! and a fix negated ("не исправлено", not fixed) is an open problem. Words with a second meaning in software text stay out: Russian "решено" (also
//! "it was decided"), French "plante" (also "plant"), nouns such as "ошибка" or "Fehler"
//! (error), which name a topic as often as they report one, as "error" does in English.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

use super::Cue;
use super::Strength::Medium;
use crate::parse::EntryType::{self, Decision, Learning, Problem, Progress, Rejected};

/// A fix or resolution, done, in the forms a changelog or a thread gives it (participle,
/// first person), and a thing that works again ("заработало", "funktioniert wieder"). A
/// plural participle describes a set of things ("Gotchas resueltos … fueron movidos", the
/// resolved gotchas were moved) as often as it reports fixes, so it stays out.
const DONE: &[&str] = &[
    // Russian
    "исправлено",
    "исправлена",
    "исправлен",
    "исправлены",
    "исправил",
    "исправила",
    "исправили",
    "починил",
    "починила",
    "починили",
    "починено",
    "заработало",
    "заработал",
    "заработала",
    // German
    "behoben",
    "gefixt",
    "korrigiert",
    "funktioniert wieder",
    // French
    "corrigé",
    "corrigée",
    "résolu",
    "résolue",
    // Spanish
    "corregido",
    "corregida",
    "corregí",
    "solucionado",
    "solucionada",
    "solucioné",
    "arreglado",
    "arreglada",
    "arreglé",
    "resuelto",
    "resuelta",
    "ya funciona",
    // Portuguese
    "corrigido",
    "corrigida",
    "resolvido",
    "resolvida",
    "voltou a funcionar",
    // Italian
    "risolto",
    "risolta",
    "sistemato",
    "sistemata",
];

/// A failure reported: does not work, won't start, crashes, hangs, fails. Only verbs that
/// report a fault whatever follows: "не сохраняется" (is not saved), "geht nicht" (is not
/// possible; "es geht nicht um", it is not about), "no carga" (does not load, as a default),
/// "se bloquea" / "si blocca" (blocks until), "non parte" (also "not part of") and "não
/// consigo" / "non riesco" (I can't, as in "can't reproduce") state a design or an aside as
/// often, so they stay out. A noun for error enters only in a phrase that reports one: "an
/// error occurred", "gives an error", "erro ao compilar" (error compiling).
const FAILING: &[&str] = &[
    // Russian
    "не работает",
    "не работают",
    "не работал",
    "не работала",
    "не работало",
    "не запускается",
    "не запускаются",
    "не запускалась",
    "не запускался",
    "не удаётся",
    "не удается",
    "не удалось",
    // "I can't / couldn't launch, log in, connect": the English "can't start the app".
    "не могу запустить",
    "не могу войти",
    "не могу зайти",
    "не могу подключиться",
    // "Couldn't" (Russian), as the English cue word reads it.
    "не смог",
    "не получается",
    "перестал работать",
    "перестала работать",
    "перестало работать",
    "перестали работать",
    "перестал запускаться",
    "перестала запускаться",
    "перестало запускаться",
    "вылетает",
    "зависает",
    "крашится",
    "падает",
    // "Does not update / open / load / install", "broke", "an error occurred", "gives an
    // error": the English "doesn't update", "broke", "an error occurred".
    "не обновляется",
    "не обновляются",
    "не открывается",
    "не открываются",
    "не загружается",
    "не грузится",
    "не устанавливается",
    "сломалось",
    "сломался",
    "сломалась",
    "испортилось",
    "произошла ошибка",
    "возникла ошибка",
    "выдает ошибку",
    "выдаёт ошибку",
    "выдало ошибку",
    // German
    "funktioniert nicht",
    "funktioniert nicht mehr",
    "funktionieren nicht",
    "stürzt ab",
    "schlägt fehl",
    "fehlgeschlagen",
    "startet nicht",
    "lädt nicht",
    "abgestürzt",
    "ist kaputt",
    "hängt sich auf",
    "nicht ausführbar",
    "ein fehler ist aufgetreten",
    // French
    "ne fonctionne pas",
    "ne fonctionnent pas",
    "ne fonctionne plus",
    "ne marche pas",
    "ne marche plus",
    "ne démarre pas",
    "ne démarre plus",
    "ne se lance pas",
    "échoue",
    "rien ne fonctionne",
    "rien ne marche",
    "ne s'ouvre pas",
    "ne se lance plus",
    "ne charge pas",
    "est cassé",
    "est cassée",
    "a planté",
    "une erreur s'est produite",
    // Spanish
    "no funciona",
    "no funcionan",
    "no funcionó",
    "no funcionaba",
    "no arranca",
    "se cuelga",
    "no abre",
    "no se abre",
    "no inicia",
    "dejó de funcionar",
    "está roto",
    "se rompió",
    "se produjo un error",
    "ocurrió un error",
    // Portuguese
    "não funciona",
    "não funcionam",
    "não funcionou",
    "nao funciona",
    "travando",
    "travou",
    "não inicia",
    "não abre",
    "não quer",
    "parou de funcionar",
    "está quebrado",
    "ocorreu um erro",
    "ocorrendo erro",
    // "Erro ao compilar", "erro ao salvar": error compiling, error saving.
    "erro ao",
    "erro de compilação",
    // Italian
    "non funziona",
    "non funzionano",
    "non funzionava",
    "non si avvia",
    "fallisce",
    "non si apre",
    "ha smesso di funzionare",
    "si è verificato un errore",
    // Vietnamese: does not work / run / start, cannot initialise, has an error, an error
    // occurred.
    "không hoạt động",
    "không chạy được",
    "không khởi động được",
    "không khởi tạo được",
    "bị lỗi",
    "gặp lỗi",
    "xảy ra lỗi",
];

/// The author's own choice, in the first person: "decidimos usar gRPC" (we decided to use),
/// "on a choisi", "wir haben uns für X entschieden", "abbiamo deciso", "мы решили
/// использовать". The English "decided", "chose", "opted for" translated. Russian "решили"
/// alone also means "solved" ("решили проблему"), so only with the verb of what was chosen.
const DECIDED: &[&str] = &[
    // Spanish (and Portuguese "decidimos", "optamos por")
    "decidimos",
    "decidí",
    "hemos decidido",
    "he decidido",
    "optamos por",
    "opté por",
    "elegimos",
    // Portuguese ("decidi" alone is also the Italian "you decide")
    "escolhemos",
    // French
    "nous avons décidé",
    "on a décidé",
    "j'ai décidé",
    "nous avons choisi",
    "on a choisi",
    "j'ai choisi",
    "nous avons opté",
    "on a opté",
    "j'ai opté",
    // German
    "wir haben uns für",
    "ich habe mich für",
    "haben uns entschieden",
    "habe mich entschieden",
    "entschieden uns",
    "entschied mich",
    "entschieden wir",
    // Italian
    "abbiamo deciso",
    "ho deciso",
    "abbiamo scelto",
    "ho scelto",
    "abbiamo optato",
    // Russian
    "решили использовать",
    "решили перейти",
    "решили оставить",
    "решил использовать",
    "решила использовать",
    "мы выбрали",
    "я выбрал",
    "я выбрала",
];

/// A fact the author found: "aprendí que" (I learned that), "j'ai découvert que", "es stellte
/// sich heraus" (it turned out), "ho scoperto che", "оказалось". The English "learned that",
/// "found out", "turns out", "realized" translated; the bare verbs ("aprendí React") say what
/// someone studied, so the learning words come with their "that".
const LEARNED: &[&str] = &[
    // Spanish
    "aprendí que",
    "aprendimos que",
    "descubrí que",
    "descubrimos que",
    "resulta que",
    "resultó que",
    "me di cuenta de que",
    "nos dimos cuenta de que",
    // Portuguese
    "aprendi que",
    "aprendemos que",
    "descobri que",
    "descobrimos que",
    "percebi que",
    // French
    "j'ai appris que",
    "nous avons appris que",
    "j'ai découvert que",
    "nous avons découvert que",
    "on a découvert que",
    "il s'avère que",
    "il s'est avéré que",
    "je me suis rendu compte que",
    "j'ai réalisé que",
    // German
    "gelernt, dass",
    "stellte sich heraus",
    "stellt sich heraus",
    "hat sich herausgestellt",
    "herausgefunden, dass",
    "festgestellt, dass",
    // Italian
    "ho imparato che",
    "abbiamo imparato che",
    "ho scoperto che",
    "abbiamo scoperto che",
    "si è scoperto che",
    "è emerso che",
    // Russian
    "оказалось",
    "выяснилось",
    "узнал, что",
    "узнала, что",
    "понял, что",
    "поняла, что",
    "поняли, что",
];

/// Words shortly before a word of either list that negate it: "не исправлено" (not fixed),
/// "nicht behoben", "n'a jamais été corrigé", "no ha sido resuelto", "non è stato risolto";
/// and before a failure, that it no longer happens or never did ("больше не вылетает", "ya no
/// se cuelga", "nunca se cuelga", "n'échoue plus").
const NEGATIONS: &[&str] = &[
    "не",
    "нет",
    "никогда",
    "nicht",
    "nie",
    "kein",
    "pas",
    "n'",
    "jamais",
    "non",
    "no",
    "nunca",
    "não",
    "nao",
    "mai",
];

/// Words in the clause before a failure that make it the object of a remedy or of
/// averting: fix, avoid, prevent.
const REMEDY_BEFORE: &[&str] = &[
    "исправ",
    "почин",
    "избеж",
    "предотвра",
    "behebe",
    "beheben",
    "vermeide",
    "verhinder",
    "corrige",
    "évite",
    "corregir",
    "arreglar",
    "evitar",
    "corrigir",
    "consertar",
    "correggere",
    "evitare",
];

/// Words in the clause before a failure that open a condition: if, when.
const CONDITION_BEFORE: &[&str] = &[
    "если",
    "когда",
    "wenn",
    "falls",
    "si",
    "quand",
    "lorsque",
    "cuando",
    "quando",
];

/// The Portuguese and Italian "se" (if) opens a condition only as the clause's first word:
/// elsewhere it is the reflexive pronoun of Spanish, French and Portuguese ("o app se fecha").
const CONDITION_FIRST: &str = "se";

/// How many words before a fix word a negation is looked for ("Ещё не до конца исправлено",
/// "El error no ha sido resuelto").
const NEGATION_REACH: usize = 4;

/// How many words before a cue the remedy and condition words are looked for.
const REACH: usize = 6;

/// The word lists as two automata. The fix and failure words are one, so a line is scanned
/// once for both (a pattern's index below `done` is a fix word). The author's decisions and
/// findings are the other: their 46 ASCII words are within the 64 for which the matcher skims
/// a line with its vector prefilter (Teddy). Added to the first automaton they made the
/// rules-only parse of a 20,000-entry file 1.6% dearer; apart, 0.2%, for 0.2 M more
/// instructions to build them on a process's first line.
struct Words {
    reports: AhoCorasick,
    done: usize,
    own: AhoCorasick,
    own_kinds: Vec<EntryType>,
}

impl Words {
    fn new(keep: impl Fn(&str) -> bool) -> Words {
        let build = |words: Vec<&str>| {
            AhoCorasick::builder()
                .match_kind(MatchKind::LeftmostLongest)
                // Built on the first line a process scans, so its cost is every `mind` call's:
                // a contiguous NFA builds in a third of the instructions of the DFA the builder
                // would choose and searches as fast here (the prefilter does the skimming).
                .kind(Some(AhoCorasickKind::ContiguousNFA))
                .build(words)
                .expect("fixed word lists build")
        };
        let done: Vec<&str> = DONE.iter().copied().filter(|w| keep(w)).collect();
        let failing = FAILING.iter().copied().filter(|w| keep(w));
        let done_len = done.len();
        let reports = build(done.into_iter().chain(failing).collect());
        let (own_words, own_kinds): (Vec<&str>, Vec<EntryType>) = DECIDED
            .iter()
            .map(|w| (*w, Decision))
            .chain(LEARNED.iter().map(|w| (*w, Learning)))
            .filter(|(w, _)| keep(w))
            .unzip();
        Words {
            reports,
            done: done_len,
            own: build(own_words),
            own_kinds,
        }
    }
}

/// Every word, for a line with a letter outside ASCII.
static ALL_WORDS: LazyLock<Words> = LazyLock::new(|| Words::new(|_| true));
/// The words written in ASCII alone ("no funciona", "behoben"), for an ASCII line: fewer
/// words make smaller automata, and the English lines, nearly all of them, are skimmed
/// faster.
static ASCII_WORDS: LazyLock<Words> = LazyLock::new(|| Words::new(|w| w.is_ascii()));

/// The cues in `buf` (a lower-cased, masked line body) written in these languages.
pub(super) fn scan(buf: &[u8], out: &mut Vec<Cue>) {
    let Ok(text) = std::str::from_utf8(buf) else {
        return;
    };
    // `buf` is lower-cased in ASCII only: "Не запускается" keeps its capital. Cyrillic and
    // accented Latin letters keep their byte length in lower case, so offsets still hold;
    // where one would not, the text is read as it is.
    let lowered;
    let text = if buf.is_ascii() {
        text
    } else {
        lowered = text.to_lowercase();
        if lowered.len() == text.len() {
            lowered.as_str()
        } else {
            text
        }
    };
    // A fix anywhere in the line says more than a failure it names ("не запускалась,
    // исправлено в 2.1": it did not start, fixed in 2.1).
    let words: &Words = if buf.is_ascii() {
        &ASCII_WORDS
    } else {
        &ALL_WORDS
    };
    let whole_word = |start: usize, end: usize| {
        let before = text[..start].chars().next_back();
        let after = text[end..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    };
    // "Decidimos usar gRPC porque REST no funciona": the author's verb, first, is what the
    // line says; a failure before it was already the report, and a fix anywhere says more
    // than a failure.
    let own = words
        .own
        .find_iter(text)
        .find(|m| whole_word(m.start(), m.end()) && own_statement(text, m.start(), m.end()))
        .map(|m| {
            let kind = match words.own_kinds[m.pattern().as_usize()] {
                Decision if decided_not_to(&text[m.end()..]) => Rejected,
                kind => kind,
            };
            (kind, m.start(), m.end())
        });
    let mut found = None;
    for m in words.reports.find_iter(text) {
        let (start, end) = (m.start(), m.end());
        if own.is_some_and(|(_, at, _)| at < start) && found.is_none() {
            found = own;
            break;
        }
        if !whole_word(start, end) {
            continue;
        }
        if m.pattern().as_usize() < words.done {
            let kind = if negated(&text[..start], NEGATION_REACH) {
                Problem
            } else {
                Progress
            };
            found = Some((kind, start, end));
            break;
        }
        if found.is_none() && reports_failure(text, start, end) {
            found = Some((Problem, start, end));
        }
    }
    if found.is_none() {
        found = own;
    }
    if let Some((kind, start, end)) = found {
        out.push(Cue {
            kind,
            strength: Medium,
            start,
            end,
        });
    }
}

/// Whether the failure words at `start..end` report a failure: not inside a condition, not
/// the object of a remedy, not negated ("больше не вылетает", no longer crashes; "nunca se
/// cuelga", never hangs) and not asked ("Не запускается? Проверьте порт": an FAQ's question).
fn reports_failure(text: &str, start: usize, end: usize) -> bool {
    let before = &text[..start];
    let clause = clause_words(before);
    let condition = clause.first() == Some(&CONDITION_FIRST)
        || clause.iter().any(|w| {
            CONDITION_BEFORE.contains(w) || REMEDY_BEFORE.iter().any(|r| w.starts_with(r))
        });
    // A phrase that holds its own negation ("не работает") is negated only by a second one.
    let own_negation = text[start..end]
        .split(' ')
        .next()
        .is_some_and(|w| NEGATIONS.contains(&w));
    let asked = text[end..]
        .find(['.', '!', '?', '？'])
        .is_some_and(|i| text[end + i..].starts_with(['?', '？']));
    !condition && !asked && (own_negation || !negated(before, 2))
}

/// Whether the author's decision or finding at `start..end` is stated: not negated ("no
/// decidimos", "noch nicht entschieden"), not inside a condition ("si decidimos usar X") and
/// not asked ("¿Decidimos usar gRPC?").
fn own_statement(text: &str, start: usize, end: usize) -> bool {
    let before = &text[..start];
    let clause = clause_words(before);
    let condition = clause.first() == Some(&CONDITION_FIRST)
        || clause.iter().any(|w| CONDITION_BEFORE.contains(w));
    // The Spanish opening mark asks only in its own sentence: "¿Por qué Postgres? Decidimos
    // usarlo por JSONB" answers.
    let sentence = before
        .rfind(['.', '!', '?'])
        .map_or(before, |i| &before[i + 1..]);
    let asked = text[end..]
        .find(['.', '!', '?', '？'])
        .is_some_and(|i| text[end + i..].starts_with(['?', '？']))
        || sentence.contains('¿');
    // "Wir haben uns für die Verzögerung entschuldigt" (apologised for): "sich für" is a
    // choice only with its "entschieden".
    let chose = !text[start..end].ends_with("für")
        || text[end..]
            .split(['.', ';', '!', '?'])
            .next()
            .is_some_and(|s| s.contains("entschieden"));
    !condition && !asked && chose && !negated(before, 2)
}

/// Whether a negation follows the author's verb of choice: "Decidimos no usar Kafka",
/// "Abbiamo deciso di non usare Redis", "On a décidé de ne pas utiliser X" rule the thing
/// out, as "decided not to" does.
fn decided_not_to(after: &str) -> bool {
    after
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .take(2)
        .any(|w| {
            matches!(
                w,
                "no" | "non" | "ne" | "n'" | "не" | "nicht" | "não" | "nao"
            )
        })
}

/// Whether a negation stands among the `reach` words right before a cue.
fn negated(before: &str, reach: usize) -> bool {
    let words = clause_words(before);
    words.iter().rev().take(reach).any(|w| {
        NEGATIONS.contains(w)
            // French elides "ne": "n'échoue", "n'a jamais été corrigé".
            || w.starts_with("n'")
    })
}

/// The last [`REACH`] words of `before`, cut at the last clause break.
fn clause_words(before: &str) -> Vec<&str> {
    // After the break's own bytes: an em dash is three.
    let clause = before
        .rfind([',', ';', '.', ':', '!', '?', '—', '(', ')'])
        .map_or(before, |i| {
            let width = before[i..].chars().next().map_or(1, char::len_utf8);
            &before[i + width..]
        });
    let words: Vec<&str> = clause
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    words[words.len().saturating_sub(REACH)..].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::EntryType;

    fn kind(text: &str) -> Option<EntryType> {
        let mut out = Vec::new();
        scan(text.to_ascii_lowercase().as_bytes(), &mut out);
        out.first().map(|c| c.kind)
    }

    #[test]
    fn a_clause_break_of_several_bytes_before_a_cue_is_stepped_over_whole() {
        // The em dash is three bytes: the clause after it starts after all three.
        assert_eq!(
            kind("Проверили кейсы — приложение не запускается"),
            Some(Problem)
        );
        assert_eq!(kind("Кейсы — не запускается"), Some(Problem));
    }

    #[test]
    fn failures_in_european_languages_are_reports() {
        assert_eq!(kind("Не запускается"), Some(Problem));
        assert_eq!(
            kind("После обновления перестала запускаться программа"),
            Some(Problem)
        );
        assert_eq!(kind("Приложение падает при старте"), Some(Problem));
        assert_eq!(kind("Der Export funktioniert nicht mehr"), Some(Problem));
        assert_eq!(
            kind("L'application ne démarre pas après la mise à jour"),
            Some(Problem)
        );
        assert_eq!(
            kind("El botón de guardar no funciona en Safari"),
            Some(Problem)
        );
        assert_eq!(kind("Los filtros no funcionan"), Some(Problem));
        assert_eq!(kind("Ya no funciona desde la 2.0"), Some(Problem));
        assert_eq!(
            kind("O app não funcionou depois da atualização"),
            Some(Problem)
        );
        assert_eq!(kind("Il test fallisce su Windows"), Some(Problem));
        // The reports' other common phrasings: does not update, an error occurred, error
        // compiling, broke, cannot initialise.
        assert_eq!(kind("Игра не обновляется после обновления"), Some(Problem));
        assert_eq!(
            kind("Пишет: при обновлении произошла ошибка."),
            Some(Problem)
        );
        assert_eq!(kind("Erro ao compilar no XE7"), Some(Problem));
        assert_eq!(kind("Der Server startet nicht mehr"), Some(Problem));
        assert_eq!(kind("Le système de mise à jour est cassé."), Some(Problem));
        assert_eq!(kind("La app dejó de funcionar ayer"), Some(Problem));
        assert_eq!(kind("Lỗi không khởi tạo được quy trình"), Some(Problem));
        // Not after a remedy or inside a condition, as ever.
        assert_eq!(kind("Si ocurrió un error, reinicia"), None);
        assert_eq!(kind("Если не обновляется, перезапустите"), None);
    }

    #[test]
    fn fixes_in_european_languages_are_progress_unless_negated() {
        assert_eq!(kind("Исправлена ошибка запуска"), Some(Progress));
        assert_eq!(kind("Переустановил программу, заработало"), Some(Progress));
        assert_eq!(kind("Problem in 2.1 behoben"), Some(Progress));
        assert_eq!(kind("El error de login está solucionado"), Some(Progress));
        assert_eq!(kind("Bug résolu dans la 3.2"), Some(Progress));
        assert_eq!(kind("Bug corrigido no importador"), Some(Progress));
        assert_eq!(kind("Lo arreglé cambiando el timeout"), Some(Progress));
        assert_eq!(kind("Der Login funktioniert wieder"), Some(Progress));
        // Not fixed yet: an open problem, the negation near or a few words back.
        assert_eq!(kind("Проблема не исправлена"), Some(Problem));
        assert_eq!(kind("Das ist noch nicht behoben"), Some(Problem));
        assert_eq!(kind("Todavía no resuelto"), Some(Problem));
        assert_eq!(kind("Ещё не до конца исправлено"), Some(Problem));
        assert_eq!(kind("Le bug n'a jamais été corrigé"), Some(Problem));
        assert_eq!(kind("El error no ha sido resuelto todavía"), Some(Problem));
    }

    #[test]
    fn remedies_conditions_negations_and_other_words_are_not_reports() {
        // If it does not work, restart; fix the crash.
        assert_eq!(kind("Si no funciona, reinicia el servidor"), None);
        assert_eq!(kind("Если не работает, перезапустите"), None);
        assert_eq!(
            kind("Falls der Build fehlgeschlagen ist, neu starten"),
            None
        );
        assert_eq!(kind("Se não funciona, reinicie o serviço"), None);
        assert_eq!(kind("Исправить вылетает при старте"), None);
        assert_eq!(
            kind("Чтобы исправить: не запускается без прав"),
            Some(Problem)
        );
        // "Se" is a condition only first; a reflexive "se" elsewhere is not one.
        assert_eq!(kind("La app se queda y no funciona"), Some(Problem));
        // No longer, never: not a report.
        assert_eq!(kind("После фикса приложение больше не вылетает"), None);
        assert_eq!(kind("Nunca se cuelga con archivos grandes"), None);
        assert_eq!(kind("L'app n'échoue plus depuis la 2.3"), None);
        assert_eq!(kind("O app não está travando mais"), None);
        // An FAQ's question.
        assert_eq!(
            kind("Не запускается? Проверьте, что порт 8080 свободен"),
            None
        );
        // Words with a second meaning, inside a longer word, or English text: nothing.
        assert_eq!(kind("Пароль не сохраняется на диске"), None);
        assert_eq!(kind("Es geht nicht um Performance"), None);
        assert_eq!(kind("Não consigo reproduzir o bug"), None);
        assert_eq!(kind("the nonfunctional requirements"), None);
        assert_eq!(kind("Plain English text"), None);
        assert_eq!(kind("Решено использовать Postgres"), None);
    }

    #[test]
    fn the_authors_decisions_and_findings_in_european_languages_are_typed() {
        use crate::parse::EntryType::{Decision, Learning};
        assert_eq!(
            kind("Decidimos usar gRPC entre los microservicios en lugar de REST"),
            Some(Decision)
        );
        assert_eq!(
            kind("On a choisi SQLite pour le cache local"),
            Some(Decision)
        );
        assert_eq!(
            kind("Wir haben uns für Postgres entschieden, weil wir JSONB brauchen"),
            Some(Decision)
        );
        assert_eq!(kind("Abbiamo deciso di usare Redis"), Some(Decision));
        assert_eq!(kind("Мы решили использовать Kafka"), Some(Decision));
        // The author's verb, first, is what the line says, though a failure follows.
        assert_eq!(
            kind("Decidimos usar gRPC porque REST no funciona con streaming"),
            Some(Decision)
        );
        assert_eq!(
            kind("Aprendí que el planificador de Kubernetes solo mira las solicitudes"),
            Some(Learning)
        );
        assert_eq!(
            kind("J'ai découvert que les sauvegardes Redis bloquent le serveur"),
            Some(Learning)
        );
        assert_eq!(
            kind("Es stellte sich heraus, dass der Cache nie geleert wurde"),
            Some(Learning)
        );
        assert_eq!(
            kind("Ho scoperto che il driver ignora il timeout"),
            Some(Learning)
        );
        assert_eq!(
            kind("Оказалось, что драйвер игнорирует таймаут"),
            Some(Learning)
        );
        // Not decided yet, a condition, a question; a study, not a finding; "solved".
        assert_eq!(kind("Todavía no decidimos qué base de datos usar"), None);
        assert_eq!(
            kind("Si decidimos usar gRPC, hay que migrar los clientes"),
            None
        );
        assert_eq!(kind("¿Decidimos usar gRPC o REST?"), None);
        assert_eq!(kind("On a choisi quoi pour le cache ?"), None);
        assert_eq!(kind("Aprendí React en 2019"), None);
        assert_eq!(kind("Мы решили проблему с кэшем"), None);
        // Chosen not to: ruled out. "Sich für" without its "entschieden" is no choice; an
        // answer after a question is one.
        use crate::parse::EntryType::Rejected;
        assert_eq!(kind("Decidimos no usar Kafka"), Some(Rejected));
        assert_eq!(kind("Abbiamo deciso di non usare Redis"), Some(Rejected));
        assert_eq!(kind("On a décidé de ne pas utiliser Kafka"), Some(Rejected));
        assert_eq!(kind("Wir haben uns für die Verzögerung entschuldigt"), None);
        assert_eq!(
            kind("¿Por qué Postgres? Decidimos usarlo por JSONB"),
            Some(Decision)
        );
    }
}
