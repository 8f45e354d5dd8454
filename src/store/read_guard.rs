//! The read boundary: a project's files are read only as regular files that lie inside it,
//! and never past a size no memory file comes near.
//!
//! A cloned repository is untrusted, and git keeps symbolic links: its `.mind/MEMORY.md` or
//! `.mind/cache/commits.md` can lead to `../../other-project/.mind/MEMORY.md` or `~/.aws/...`
//! (a recall would put those lines into CLAUDE.md and the agent's context), to `/dev/zero`
//! (a read that never ends and takes all memory) or to a named pipe (a read that waits for
//! ever). Before a file of a project mind opened ([`super::guard::enclose`]) is opened:
//!
//! - a symbolic link on its way that leads out of the project: the file is not read, as if it
//!   were missing, and the refusal is kept for the command to say once ([`take_refused`]);
//! - anything but a regular file (a device, a pipe, a socket), wherever a link takes it: an
//!   error naming what it is. The look comes before the open (opening a device can do
//!   something), and the open never blocks, so a pipe put there in between is refused too;
//! - a file larger than [`MAX_BYTES`]: an error, before anything is read.
//!
//! The cost on the common path is one `lstat` per name below the project root (two for
//! `.mind/MEMORY.md`); only a path with a link on its way is resolved. A path in no project
//! (the global folder, `~/.claude.json`, a file named on the command line) is the user's
//! and is read as it is. Derived caches, which README allows to be read through a link
//! leading out, go through [`open_file`] and [`read_file`]: regular files only, never blocking.

use std::fs::{self, File, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::text::is_absent;
use crate::error::{Error, Result};

/// The most mind reads of one file: 64 MiB. MEMORY.md at 10,000 entries is about 2 MB,
/// so only a file that is not memory (a log pasted in, a link to a disk image) reaches it.
pub const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// A file not read because a link led it out of a project, or through a cache folder that is
/// a link.
struct Refusal {
    path: PathBuf,
    /// Where the link leads.
    to: PathBuf,
    /// Whether the command has said so already.
    said: bool,
    /// The linked cache folder the file lies in, when that is why.
    cache: Option<PathBuf>,
}

/// The files left unread so far.
static REFUSED: Mutex<Vec<Refusal>> = Mutex::new(Vec::new());

/// What the look before the open found.
enum Look {
    /// Not there (or a link to nothing): nothing to read.
    Absent,
    /// A link leads it out of the project: not read.
    Outside,
    /// A regular file inside the project.
    File,
    /// In no project: the user's own file, opened as it is.
    Unjudged,
}

/// The bytes of a project's file, or `None` when it is missing or a link leads it out of the
/// project (said by [`take_refused`]). Errors for a folder, a device, a pipe or a socket, and
/// for a file larger than [`MAX_BYTES`]. `store::text::read_optional` is this.
pub fn read(path: &Path) -> Result<Option<Vec<u8>>> {
    match look(path).map_err(|e| Error::io(path, e))? {
        Look::Absent | Look::Outside => Ok(None),
        Look::File => match read_capped(path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if is_absent(&e) => Ok(None),
            Err(e) => Err(Error::io(path, e)),
        },
        Look::Unjudged => match fs::read(path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if is_absent(&e) => Ok(None),
            Err(e) => Err(Error::io(path, e)),
        },
    }
}

/// A project's file opened for reading (from its end, a piece at a time), judged as [`read`]
/// judges it: `None` when it is missing or leads out of the project; no size limit, as the
/// caller reads what it needs.
pub fn open(path: &Path) -> io::Result<Option<File>> {
    match look(path)? {
        Look::Absent | Look::Outside => Ok(None),
        Look::File => match open_regular(path) {
            Ok((file, _)) => Ok(Some(file)),
            Err(e) if is_absent(&e) => Ok(None),
            Err(e) => Err(e),
        },
        Look::Unjudged => match File::open(path) {
            Ok(file) => Ok(Some(file)),
            Err(e) if is_absent(&e) => Ok(None),
            Err(e) => Err(e),
        },
    }
}

/// A cache file opened for reading: a regular file, wherever a link takes it (README: a
/// cache leading out of the project is read, never written); anything else an error,
/// without blocking on a pipe.
pub fn open_file(path: &Path) -> io::Result<File> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_a_file(path, &meta));
    }
    open_regular(path).map(|(file, _)| file)
}

/// A cache file's bytes ([`open_file`]), at most [`MAX_BYTES`].
pub fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_a_file(path, &meta));
    }
    read_capped(path)
}

/// The files left unread since the last call because a link led them out of the project,
/// each said once per process: one line each, naming the file and where it leads.
pub fn take_refused() -> Vec<String> {
    let mut refused = REFUSED.lock().unwrap_or_else(|e| e.into_inner());
    refused
        .iter_mut()
        .filter(|r| !r.said)
        .filter_map(|r| {
            r.said = true;
            let (path, to) = (&r.path, &r.to);
            if r.cache.is_none()
                && let Some(folder) = super::guard::first_link(path).filter(|l| l != path)
            {
                return folder_refusal(&folder, path);
            }
            if let Some(folder) = &r.cache {
                return Some(format!(
                    "{}: {} is a symbolic link (to {}), and mind keeps no cache behind a link; \
                     not read, as if it were missing: replace the link with a folder",
                    path.display(),
                    folder.display(),
                    to.display()
                ));
            }
            Some(format!(
                "{}: a symbolic link leads it outside the project (to {}); not read, as if it \
                 were missing: replace the link with a copy of the file",
                path.display(),
                to.display()
            ))
        })
        .collect()
}

/// Folders said to be links leading out of the project ([`folder_refusal`]).
static FOLDERS_SAID: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The one line for every file left unread under `folder`, a link leading out of the
/// project (a cloned repository's `.mind -> ../other/.mind`): the folder is what to
/// replace, so it is named once, not each file (`first`, the file that found it) with its
/// own advice.
fn folder_refusal(folder: &Path, first: &Path) -> Option<String> {
    let mut said = FOLDERS_SAID.lock().unwrap_or_else(|e| e.into_inner());
    if said.iter().any(|f| f == folder) {
        return None;
    }
    said.push(folder.to_path_buf());
    let to = fs::canonicalize(folder)
        .or_else(|_| fs::read_link(folder))
        .unwrap_or_default();
    Some(format!(
        "{}: a symbolic link leads it outside the project (to {}); nothing in it is read, as \
         if its files were missing: {}",
        folder.display(),
        to.display(),
        super::guard::replace_hint(first)
    ))
}

/// Where `path` leads, when it was left unread because that is outside the project, for an
/// error that says so itself: [`take_refused`] does not say it again.
pub fn refused_to(path: &Path) -> Option<PathBuf> {
    let (given, _) = super::guard::roots_naming(path);
    let mut refused = REFUSED.lock().unwrap_or_else(|e| e.into_inner());
    let refusal = refused.iter_mut().find(|r| r.path == given)?;
    refusal.said = true;
    Some(refusal.to.clone())
}

/// Whether `path`, a file of `project` that is read elsewhere a piece at a time, stays inside
/// the project once links are followed ([`super::Project::leads_inside`]); a file that a
/// link leads out of it is said by [`take_refused`] as [`read`] says it (a device or a pipe
/// there is left to the error [`read`] gives).
pub fn kept_inside(project: &super::Project, path: &Path) -> bool {
    if project.leads_inside(path) {
        return true;
    }
    if fs::metadata(path).is_ok_and(|meta| meta.is_file())
        && let Ok(to) = fs::canonicalize(path)
    {
        refuse(super::guard::roots_naming(path).0, to, None);
    }
    false
}

fn refuse(given: PathBuf, to: PathBuf, cache: Option<PathBuf>) {
    let mut refused = REFUSED.lock().unwrap_or_else(|e| e.into_inner());
    if !refused.iter().any(|r| r.path == given) {
        refused.push(Refusal {
            path: given,
            to,
            said: false,
            cache,
        });
    }
}

/// Judge `path` before it is opened (see the module's comment).
fn look(path: &Path) -> io::Result<Look> {
    let (given, roots) = super::guard::roots_naming(path);
    // Walked from the outermost project naming it, so a link anywhere below that root counts.
    let Some(base) = (roots.iter().map(|(named, _)| named)).min_by_key(|r| r.as_os_str().len())
    else {
        return Ok(Look::Unjudged);
    };
    let mut at = base.clone();
    let mut last: Option<Metadata> = None;
    let mut linked = false;
    for part in given
        .strip_prefix(base)
        .unwrap_or(Path::new(""))
        .components()
    {
        at.push(part);
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                linked = true;
                break;
            }
            Ok(meta) => last = Some(meta),
            Err(e) if is_absent(&e) => return Ok(Look::Absent),
            Err(e) => return Err(e),
        }
    }
    let meta = match last.filter(|_| !linked) {
        Some(meta) => meta,
        None => match fs::metadata(&given) {
            Ok(meta) => meta,
            Err(e) if is_absent(&e) => return Ok(Look::Absent),
            Err(e) => return Err(e),
        },
    };
    // What is not a file is said as such wherever it is: a memory file is never a device.
    if !meta.is_file() {
        return Err(not_a_file(&given, &meta));
    }
    if linked {
        let real = fs::canonicalize(&given).ok();
        let inside = real
            .as_ref()
            .is_some_and(|real| roots.iter().all(|(_, root)| real.starts_with(root)));
        if !inside {
            let to = real
                .or_else(|| fs::read_link(&given).ok())
                .unwrap_or_default();
            refuse(given, to, None);
            return Ok(Look::Outside);
        }
        // Inside, but through a cache folder that is a link: never read through either,
        // wherever it leads (see [`super::guard::linked_cache`]).
        if let Some((folder, to)) = super::guard::linked_cache(&given) {
            refuse(given, to, Some(folder));
            return Ok(Look::Outside);
        }
    }
    Ok(Look::File)
}

/// Open `path` without blocking (a pipe swapped in since the look opens at once, and is then
/// refused), and make sure what was opened is a regular file.
fn open_regular(path: &Path) -> io::Result<(File, Metadata)> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_a_file(path, &meta));
    }
    Ok((file, meta))
}

/// `O_NONBLOCK` of the platform's `open(2)` (no libc binding is linked for one constant);
/// 0 where it is not known here, and the look before the open is then the only check.
#[cfg(unix)]
const O_NONBLOCK: i32 = if cfg!(any(target_os = "linux", target_os = "android")) {
    if cfg!(any(target_arch = "mips", target_arch = "mips64")) {
        0x80
    } else if cfg!(any(target_arch = "sparc", target_arch = "sparc64")) {
        0x4000
    } else {
        0o4000
    }
} else if cfg!(any(
    target_os = "macos",
    target_os = "ios",
    target_os = "freebsd",
    target_os = "openbsd",
    target_os = "netbsd",
    target_os = "dragonfly"
)) {
    0x0004
} else {
    0
};

/// The whole file, refused before anything is read when it is larger than [`MAX_BYTES`], and
/// read no further than that if it grows meanwhile.
fn read_capped(path: &Path) -> io::Result<Vec<u8>> {
    let (file, meta) = open_regular(path)?;
    if meta.len() > MAX_BYTES {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

fn too_large(len: u64) -> io::Error {
    io::Error::other(format!(
        "is {len} bytes, more than the {} MiB mind reads of one file; not read (move it away)",
        MAX_BYTES >> 20
    ))
}

/// The error for something at `path` that is not a regular file, saying what it is and,
/// when a link leads there, where: "is a link to /dev/zero (a device), not a file". A
/// folder keeps its own kind, which errors word as "is a folder, not a file".
/// An error naming what `path` is when `meta` (its metadata, links followed) is not a
/// regular file: for a reader that looked at the file already and must not open a pipe (the
/// open would wait for ever) or a device.
pub fn regular_or_error(path: &Path, meta: &Metadata) -> io::Result<()> {
    if meta.is_file() {
        Ok(())
    } else {
        Err(not_a_file(path, meta))
    }
}

fn not_a_file(path: &Path, meta: &Metadata) -> io::Error {
    if meta.is_dir() {
        return io::Error::from(io::ErrorKind::IsADirectory);
    }
    let what = kind(meta);
    let linked = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let message = if linked {
        // An absolute target as written (`/dev/stdin`, not the terminal or pipe it resolves
        // to now), else where the links lead.
        let to = (fs::read_link(path).ok().filter(|to| to.is_absolute()))
            .or_else(|| fs::canonicalize(path).ok())
            .or_else(|| fs::read_link(path).ok())
            .unwrap_or_default();
        format!(
            "is a link to {} ({what}), not a file; replace it with a file",
            to.display()
        )
    } else {
        format!("is {what}, not a file; move it away and run `mind doctor`")
    };
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

fn kind(meta: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    let _ = meta;
    "not a regular file"
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn project() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("p");
        fs::create_dir_all(root.join(".mind")).unwrap();
        super::super::guard::enclose(&root);
        (dir, root)
    }

    #[test]
    fn a_link_out_of_the_project_is_not_read_and_is_said_once() {
        let (dir, root) = project();
        fs::write(dir.path().join("secret.md"), "- decided: secret\n").unwrap();
        fs::write(root.join("inside.md"), "inside\n").unwrap();
        let out = root.join(".mind/MEMORY.md");
        std::os::unix::fs::symlink(dir.path().join("secret.md"), &out).unwrap();
        std::os::unix::fs::symlink("../inside.md", root.join(".mind/SESSION.md")).unwrap();
        assert_eq!(read(&out).unwrap(), None);
        assert!(open(&out).unwrap().is_none());
        assert_eq!(
            read(&root.join(".mind/SESSION.md")).unwrap().as_deref(),
            Some(&b"inside\n"[..])
        );
        let said: Vec<String> = take_refused()
            .into_iter()
            .filter(|w| w.contains(&*out.to_string_lossy()))
            .collect();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].contains("secret.md"), "{}", said[0]);
        assert!(
            take_refused()
                .iter()
                .all(|w| !w.contains(&*out.to_string_lossy()))
        );
        assert!(refused_to(&out).is_some_and(|to| to.ends_with("secret.md")));
        assert_eq!(refused_to(&root.join(".mind/SESSION.md")), None);
    }

    #[test]
    fn a_folder_linked_out_takes_its_files_out_too() {
        let (dir, root) = project();
        fs::create_dir_all(dir.path().join("elsewhere")).unwrap();
        fs::write(dir.path().join("elsewhere/commits.md"), "x\n").unwrap();
        std::os::unix::fs::symlink(dir.path().join("elsewhere"), root.join(".mind/cache")).unwrap();
        assert_eq!(read(&root.join(".mind/cache/commits.md")).unwrap(), None);
        // A cache file is still read there, as a regular file.
        assert_eq!(
            read_file(&root.join(".mind/cache/commits.md")).unwrap(),
            b"x\n"
        );
    }

    #[test]
    fn a_device_or_a_pipe_is_refused_without_reading_or_waiting() {
        let (dir, root) = project();
        std::os::unix::fs::symlink("/dev/zero", root.join(".mind/MEMORY.md")).unwrap();
        let e = read(&root.join(".mind/MEMORY.md")).unwrap_err().to_string();
        assert!(
            e.ends_with(
                "MEMORY.md: is a link to /dev/zero (a device), not a file; replace it with a file"
            ),
            "{e}"
        );
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            std::os::unix::fs::symlink(&fifo, root.join(".mind/config.json")).unwrap();
            let e = read(&root.join(".mind/config.json"))
                .unwrap_err()
                .to_string();
            assert!(e.contains("(a named pipe), not a file"), "{e}");
            assert!(open(&root.join(".mind/config.json")).is_err());
            assert!(read_file(&fifo).is_err());
            assert!(open_file(&fifo).is_err());
            // The open itself never waits for a writer.
            assert!(open_regular(&fifo).is_err());
        }
        let e = read(&root.join(".mind")).unwrap_err().to_string();
        assert!(e.contains("is a folder, not a file"), "{e}");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_before_it_is_read() {
        let (_dir, root) = project();
        let big = root.join(".mind/MEMORY.md");
        let file = File::create(&big).unwrap();
        file.set_len(MAX_BYTES + 1).unwrap();
        let e = read(&big).unwrap_err().to_string();
        assert!(
            e.contains("more than the 64 MiB mind reads of one file"),
            "{e}"
        );
        file.set_len(MAX_BYTES).unwrap();
        assert_eq!(read(&big).unwrap().map(|b| b.len() as u64), Some(MAX_BYTES));
    }

    #[test]
    fn missing_files_and_files_in_no_project_read_as_before() {
        let (dir, root) = project();
        assert_eq!(read(&root.join(".mind/REMINDERS.md")).unwrap(), None);
        assert_eq!(read(&root.join(".mind/no/such.md")).unwrap(), None);
        std::os::unix::fs::symlink(dir.path().join("gone"), root.join(".mind/state.json")).unwrap();
        assert_eq!(read(&root.join(".mind/state.json")).unwrap(), None);
        let loose = dir.path().join("loose.md");
        fs::write(&loose, "x").unwrap();
        assert_eq!(read(&loose).unwrap().as_deref(), Some(&b"x"[..]));
    }
}
