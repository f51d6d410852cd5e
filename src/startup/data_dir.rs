//! The data directory's modes: only the server's user reads what is in it (the database, the
//! server secret, backups staged there), whatever the umask it was started with. The Debian
//! package's unit sets `UMask=0077`; this makes the same true when the server is started any
//! other way, and tightens a directory an older release left readable.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Files and directories the server creates from now on are its user's alone (`0600`,
/// `0700`). Called once, at start-up, before anything is created.
pub fn private_from_now_on() {
    // SAFETY: umask only sets the process's file-mode mask; it cannot fail.
    unsafe {
        libc::umask(0o077);
    }
}

/// Creates the data directory if needed, and makes it and everything in it its user's alone:
/// directories `0700`, files `0600` (a directory an older release made `0755`, with `0644`
/// files, is tightened).
pub fn create_private(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut stack = vec![dir.to_owned()];
    while let Some(dir) = stack.pop() {
        tighten(&dir, 0o700)?;
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                stack.push(entry.path());
            } else if kind.is_file() {
                tighten(&entry.path(), 0o600)?;
            }
        }
    }
    Ok(())
}

/// Sets `mode` on `path` unless it is already at least that tight.
fn tighten(path: &Path, mode: u32) -> std::io::Result<()> {
    let current = std::fs::metadata(path)?.permissions().mode() & 0o777;
    if current & !mode != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(current & mode))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_readable_directory_and_its_files_become_the_users_alone() {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("data");
        std::fs::create_dir_all(data.join("db/blobs")).unwrap();
        std::fs::write(data.join("db/conf"), b"x").unwrap();
        std::fs::write(data.join("db/blobs/1"), b"x").unwrap();
        for (path, mode) in [(&data, 0o755), (&data.join("db"), 0o755), (&data.join("db/conf"), 0o644)] {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
        }
        std::fs::set_permissions(data.join("db/blobs/1"), std::fs::Permissions::from_mode(0o400)).unwrap();
        create_private(&data).unwrap();
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&data), 0o700);
        assert_eq!(mode(&data.join("db")), 0o700);
        assert_eq!(mode(&data.join("db/blobs")), 0o700);
        assert_eq!(mode(&data.join("db/conf")), 0o600);
        assert_eq!(mode(&data.join("db/blobs/1")), 0o400, "tighter than 0600 already: left as it is");
    }
}
