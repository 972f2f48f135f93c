//! The store's behaviour, each test run over both backends: files on disk and the
//! key-value store the browser's `localStorage` backs (here in memory).

use std::fs::{self, File};
use std::io;

use super::*;
use crate::backend::{Files, KeyValue, KeyValueFiles, MemoryKeyValue, STORAGE_FULL};

const KIND: &str = "redline-test";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Save {
    turn: u32,
    note: String,
}

fn save(turn: u32) -> Save {
    Save {
        turn,
        note: format!("turn {turn}"),
    }
}

/// One backend with a folder of its own for a test.
struct Side<'a> {
    files: &'a dyn Backend,
    dir: PathBuf,
    on_disk: bool,
}

impl Side<'_> {
    /// Puts `text` at `path` as another program (or a torn write) would.
    fn put(&self, path: &Path, text: &str) {
        self.files.write(path, text).unwrap();
    }

    /// The text at `path`, whatever it holds.
    fn raw(&self, path: &Path) -> String {
        self.files.read_text(path, limits::STORE_FILE).unwrap()
    }

    /// Whether anything is at `path`.
    fn has(&self, path: &Path) -> bool {
        self.files.exists(path)
    }

    fn write(&self, path: &Path, data: &Save) {
        write_in(self.files, path, KIND, 1, data).unwrap();
    }

    fn read(&self, path: &Path) -> Save {
        read_in::<Save>(self.files, path, KIND, 1).unwrap()
    }
}

/// Runs `test` on disk (in a fresh temporary folder) and over the key-value backend.
fn each(name: &str, test: impl Fn(&Side)) {
    let dir = std::env::temp_dir().join(format!("redline-store-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    test(&Side {
        files: &Files,
        dir,
        on_disk: true,
    });
    let memory = KeyValueFiles::new(MemoryKeyValue::default());
    test(&Side {
        files: &memory,
        dir: Path::new("redline-data").join(name),
        on_disk: false,
    });
}

#[test]
fn a_write_reads_back_and_keeps_the_previous_copy() {
    each("roundtrip", |s| {
        let path = s.dir.join("game.ron");
        s.write(&path, &save(1));
        assert!(!s.has(&previous_path(&path)), "nothing to keep yet");
        s.write(&path, &save(2));
        assert_eq!(s.read(&path), save(2));
        assert_eq!(s.read(&previous_path(&path)), save(1));
        assert!(!s.has(&temporary_path(&path)));
    });
}

#[test]
fn a_crash_between_the_temporary_write_and_the_rename_loses_nothing() {
    each("crash", |s| {
        let path = s.dir.join("autosave.ron");
        s.write(&path, &save(1));
        s.write(&path, &save(2));
        // The process dies after the new text is stored but before it is put in place.
        let staged = stage_in(s.files, &path, KIND, 1, &save(3)).unwrap();
        assert!(s.has(&temporary_path(&path)));
        drop(staged);
        assert_eq!(s.read(&path), save(2));
        // Even a half-written temporary file is never read.
        s.put(&temporary_path(&path), "(kind: \"redline-te");
        assert_eq!(s.read(&path), save(2));
        // The next write goes through as if nothing happened.
        s.write(&path, &save(4));
        assert_eq!(s.read(&path), save(4));
        assert_eq!(s.read(&previous_path(&path)), save(2));
    });
}

#[test]
fn a_commit_stopped_after_any_of_its_steps_leaves_the_file_itself_whole() {
    use CommitStep::*;
    for stop in [
        PreviousCopied,
        PreviousSynced,
        PreviousInPlace,
        Renamed,
        FolderSynced,
    ] {
        each(&format!("commit-{stop:?}"), |s| {
            let path = s.dir.join("game.ron");
            s.write(&path, &save(1));
            s.write(&path, &save(2));
            let staged = stage_in(s.files, &path, KIND, 1, &save(3)).unwrap();
            // The process dies right after `stop`: nothing after it happens.
            let crash = || StoreError::Encode {
                path: path.clone(),
                message: format!("stopped after {stop:?}"),
            };
            let stopped =
                staged.commit_with(|step| if step == stop { Err(crash()) } else { Ok(()) });
            assert!(stopped.is_err(), "{stop:?}");
            // The file itself loads, not only its previous copy: the old text before the
            // rename, the new one from the rename on.
            let renamed = matches!(stop, Renamed | FolderSynced);
            let now = s.read(&path);
            assert_eq!(now, save(if renamed { 3 } else { 2 }), "{stop:?}");
            let kept = matches!(stop, PreviousInPlace | Renamed | FolderSynced);
            let previous = s.read(&previous_path(&path));
            assert_eq!(previous, save(if kept { 2 } else { 1 }), "{stop:?}");
            assert_eq!(s.has(&temporary_path(&path)), !renamed, "{stop:?}");
            // The next write goes through over whatever was left.
            s.write(&path, &save(4));
            assert_eq!(s.read(&path), save(4));
            assert_eq!(s.read(&previous_path(&path)), now);
        });
    }
}

#[test]
fn a_file_over_the_limit_or_nested_too_deep_is_refused_and_left_alone() {
    each("limits", |s| {
        let path = s.dir.join("big.ron");
        let over = usize::try_from(limits::STORE_FILE.max_bytes + 1).unwrap();
        if s.on_disk {
            // A sparse file: its size says 33 MiB, none of it is read.
            File::create(&path)
                .unwrap()
                .set_len(limits::STORE_FILE.max_bytes + 1)
                .unwrap();
        } else {
            s.put(&path, &" ".repeat(over));
        }
        let err = read_in::<Save>(s.files, &path, KIND, 1).unwrap_err();
        assert!(matches!(err, StoreError::Refused { .. }), "{err}");
        assert!(err.to_string().contains("is read only up to"), "{err}");
        let deep = s.dir.join("deep.ron");
        let text = format!(
            "(kind: \"redline-test\", version: 1, data: {})",
            "[".repeat(limits::MAX_RON_DEPTH + 1)
        );
        s.put(&deep, &text);
        let err = read_in::<Save>(s.files, &deep, KIND, 1).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Damaged {
                    line: 1,
                    column: 105,
                    ..
                }
            ),
            "{err}"
        );
        assert_eq!(s.raw(&deep), text, "nothing is touched");
    });
}

#[test]
fn a_damaged_file_names_line_and_column_and_the_previous_copy_still_loads() {
    each("damaged", |s| {
        let path = s.dir.join("game.ron");
        s.write(&path, &save(1));
        s.write(&path, &save(2));
        // Torn write from some other program: cut the file in half.
        let text = s.raw(&path);
        s.put(&path, &text[..text.len() / 2]);
        let before = s.raw(&path);
        let err = read_in::<Save>(s.files, &path, KIND, 1).unwrap_err();
        let message = err.to_string();
        assert!(
            matches!(err, StoreError::Damaged { line, .. } if line > 1),
            "{message}"
        );
        assert!(message.contains("game.ron:"), "{message}");
        assert_eq!(s.raw(&path), before, "nothing is touched");
        let (data, copy) = read_or_previous_in::<Save>(s.files, &path, KIND, 1).unwrap();
        assert_eq!((data, copy), (save(1), ReadFrom::Previous));
        assert_eq!(s.raw(&path), before, "the damaged file is kept");
    });
}

#[test]
fn a_newer_file_is_refused_by_its_version() {
    each("newer", |s| {
        let path = s.dir.join("game.ron");
        // A future format whose data this build can't parse at all.
        let text = "(kind: \"redline-test\", version: 7, data: Future(shape: [1, 2, 3]))";
        s.put(&path, text);
        let err = read_in::<Save>(s.files, &path, KIND, 1).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Newer {
                    found: 7,
                    supported: 1,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("newer version"), "{err}");
        assert_eq!(s.raw(&path), text, "nothing is touched");
    });
}

#[test]
fn a_file_of_another_kind_is_refused() {
    each("kind", |s| {
        let path = s.dir.join("rosters.ron");
        write_in(s.files, &path, "redline-rosters", 1, &vec!["a".to_string()]).unwrap();
        let err = read_in::<Save>(s.files, &path, KIND, 1).unwrap_err();
        assert!(matches!(err, StoreError::WrongKind { .. }), "{err}");
        let missing = read_in::<Save>(s.files, &s.dir.join("nothing.ron"), KIND, 1).unwrap_err();
        assert!(missing.is_missing());
    });
}

#[test]
fn remove_takes_the_file_and_its_previous_copy() {
    each("remove", |s| {
        let path = s.dir.join("autosave.ron");
        s.write(&path, &save(1));
        s.write(&path, &save(2));
        remove_in(s.files, &path).unwrap();
        assert!(!s.has(&path) && !s.has(&previous_path(&path)));
        remove_in(s.files, &path).unwrap();
    });
}

#[test]
fn a_folder_lists_its_stored_files() {
    each("list", |s| {
        for name in ["b.ron", "a.ron"] {
            s.write(&s.dir.join(name), &save(1));
        }
        s.write(&s.dir.join("a.ron"), &save(2));
        let mut listed = s.files.list(&s.dir);
        listed.sort();
        let names = ["a.ron", "a.ron.prev", "b.ron"];
        let expected: Vec<PathBuf> = names.iter().map(|n| s.dir.join(n)).collect();
        assert_eq!(listed, expected);
    });
}

#[test]
fn a_full_browser_storage_refuses_the_write_with_a_sentence_and_keeps_the_entry() {
    let files = KeyValueFiles::new(MemoryKeyValue::with_room(4096));
    let path = Path::new("redline-data/saves/autosave.ron");
    write_in(&files, path, KIND, 1, &save(1)).unwrap();
    write_in(&files, path, KIND, 1, &save(2)).unwrap();
    let big = Save {
        turn: 3,
        note: "x".repeat(4096),
    };
    let err = write_in(&files, path, KIND, 1, &big).unwrap_err();
    assert!(
        matches!(&err, StoreError::Io { source, .. } if source.kind() == io::ErrorKind::StorageFull),
        "{err}"
    );
    assert!(err.to_string().contains(STORAGE_FULL), "{err}");
    assert_eq!(read_in::<Save>(&files, path, KIND, 1).unwrap(), save(2));
    let previous = read_in::<Save>(&files, &previous_path(path), KIND, 1).unwrap();
    assert_eq!(previous, save(1));
    // A write that fits still goes through.
    write_in(&files, path, KIND, 1, &save(4)).unwrap();
    assert_eq!(read_in::<Save>(&files, path, KIND, 1).unwrap(), save(4));
}

/// A browser that gives the page no storage at all.
struct NoStorage;

impl KeyValue for NoStorage {
    fn get(&self, _: &str) -> io::Result<Option<String>> {
        Err(io::Error::new(io::ErrorKind::Unsupported, "no storage"))
    }
    fn set(&self, _: &str, _: &str) -> io::Result<()> {
        Err(io::Error::new(io::ErrorKind::Unsupported, "no storage"))
    }
    fn remove(&self, _: &str) -> io::Result<()> {
        Err(io::Error::new(io::ErrorKind::Unsupported, "no storage"))
    }
    fn keys(&self) -> io::Result<Vec<String>> {
        Err(io::Error::new(io::ErrorKind::Unsupported, "no storage"))
    }
}

#[test]
fn without_storage_nothing_is_saved_yet_and_a_write_says_why_it_failed() {
    let files = KeyValueFiles::new(NoStorage);
    let path = Path::new("redline-data/rosters.ron");
    let missing = read_in::<Save>(&files, path, KIND, 1).unwrap_err();
    assert!(missing.is_missing(), "{missing}");
    let err = write_in(&files, path, KIND, 1, &save(1)).unwrap_err();
    assert!(err.to_string().contains("no storage"), "{err}");
    assert!(files.list(Path::new("redline-data")).is_empty());
}
