//! The backup file format: one parser and one writer of it.
//!
//! All integers are big-endian:
//!
//! ```text
//! "referrals-backup" 0x00 | version u8 (1) | id counter u64
//! then records:  'T' name_len u16 name                 a tree; entries follow
//!                'E' key_len u32 key value_len u32 value
//!                'Z' SHA-256 of every byte before it (32 bytes), the end
//! ```
//!
//! The trailing digest makes a truncated download or a damaged file fail to restore instead
//! of restoring part of a database. The same records, without the header and the digest, are
//! the scratch copy a live backup makes before it merges in what changed meanwhile
//! (`live.rs`).

use std::io::{self, BufReader, Read, Write};

use sha2::{Digest, Sha256};

use super::BackupError;
use crate::store::BackupSummary;

const MAGIC: &[u8; 17] = b"referrals-backup\0";
const VERSION: u8 = 1;
const TREE: u8 = b'T';
const ENTRY: u8 = b'E';
const END: u8 = b'Z';
/// Longest key or value a well-formed backup holds; anything longer is damage, and refusing
/// it keeps a damaged length field from asking for gigabytes of memory.
const MAX_FIELD: u32 = 256 * 1024 * 1024;
/// Ids are handed out one at a time, so a counter beyond this is damage, not a database.
const MAX_ID_COUNTER: u64 = 1 << 40;

/// One record, in file order.
pub(crate) enum Record {
    Tree(Vec<u8>),
    Entry(Vec<u8>, Vec<u8>),
}

/// Writes records, counting what it wrote.
pub(crate) struct RecordWriter<W: Write> {
    out: W,
    pub(super) summary: BackupSummary,
}

impl<W: Write> RecordWriter<W> {
    /// Records without a header: a scratch copy.
    pub(super) fn scratch(out: W) -> Self {
        Self { out, summary: BackupSummary::default() }
    }

    pub(crate) fn tree(&mut self, name: &[u8]) -> io::Result<()> {
        self.out.write_all(&[TREE])?;
        self.out.write_all(&(name.len() as u16).to_be_bytes())?;
        self.out.write_all(name)?;
        self.summary.trees += 1;
        Ok(())
    }

    pub(crate) fn entry(&mut self, key: &[u8], value: &[u8]) -> io::Result<()> {
        self.out.write_all(&[ENTRY])?;
        for field in [key, value] {
            self.out.write_all(&(field.len() as u32).to_be_bytes())?;
            self.out.write_all(field)?;
        }
        self.summary.entries += 1;
        Ok(())
    }

    /// The scratch copy's end: the writer, flushed.
    pub(super) fn into_inner(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> RecordWriter<HashingWriter<W>> {
    /// A backup file: the header now, the digest at [`RecordWriter::finish`].
    pub(crate) fn backup(out: W, id_counter: u64) -> io::Result<Self> {
        let mut out = HashingWriter { inner: out, hasher: Sha256::new(), written: 0 };
        out.write_all(MAGIC)?;
        out.write_all(&[VERSION])?;
        out.write_all(&id_counter.to_be_bytes())?;
        Ok(Self { out, summary: BackupSummary::default() })
    }

    /// Writes the end record and the digest; what the file holds.
    pub(crate) fn finish(mut self) -> io::Result<BackupSummary> {
        self.out.write_all(&[END])?;
        let digest: [u8; 32] = self.out.hasher.clone().finalize().into();
        self.out.write_all(&digest)?;
        self.out.flush()?;
        Ok(BackupSummary { bytes: self.out.written, ..self.summary })
    }
}

/// A writer that hashes what it writes and counts the bytes.
pub(crate) struct HashingWriter<W: Write> {
    inner: W,
    hasher: Sha256,
    written: u64,
}

impl<W: Write> Write for HashingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.written += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Reads records. What [`RecordReader::next_record`] hands out from a backup file is
/// provisional until [`RecordReader::finish`] has checked the trailing digest.
pub(crate) struct RecordReader<R: Read> {
    input: Input<R>,
    /// The header's id counter (0 for a scratch copy).
    pub(super) id_counter: u64,
    summary: BackupSummary,
    ended: bool,
}

impl<R: Read> RecordReader<R> {
    /// A backup file: checks the header.
    pub(crate) fn backup(reader: R) -> Result<Self, BackupError> {
        let mut input =
            Input { inner: BufReader::with_capacity(1 << 20, reader), hasher: Some(Sha256::new()), read: 0 };
        let mut magic = [0u8; 17];
        input.exact(&mut magic).map_err(|_| BackupError::NotABackup)?;
        if &magic != MAGIC {
            return Err(BackupError::NotABackup);
        }
        let version = input.u8()?;
        if version != VERSION {
            return Err(BackupError::UnsupportedVersion(version));
        }
        let id_counter = input.u64()?;
        if id_counter > MAX_ID_COUNTER {
            return Err(BackupError::Damaged(format!("id counter {id_counter} is out of range")));
        }
        Ok(Self { input, id_counter, summary: BackupSummary::default(), ended: false })
    }

    /// A scratch copy: records up to the end of the input, nothing hashed.
    pub(super) fn scratch(reader: R) -> Self {
        let input = Input { inner: BufReader::with_capacity(1 << 20, reader), hasher: None, read: 0 };
        Self { input, id_counter: 0, summary: BackupSummary::default(), ended: false }
    }

    /// The next tree or entry; `None` at the end record (or, in a scratch copy, at the end of
    /// the input).
    pub(crate) fn next_record(&mut self) -> Result<Option<Record>, BackupError> {
        if self.ended {
            return Ok(None);
        }
        let kind = if self.input.hasher.is_none() {
            let mut b = [0u8; 1];
            if self.input.inner.read(&mut b)? == 0 {
                self.ended = true;
                return Ok(None);
            }
            b[0]
        } else {
            self.input.u8()?
        };
        match kind {
            TREE => {
                let len = self.input.u16()? as usize;
                let mut name = vec![0u8; len];
                self.input.exact(&mut name)?;
                self.summary.trees += 1;
                Ok(Some(Record::Tree(name)))
            }
            ENTRY => {
                let key = self.input.field()?;
                let value = self.input.field()?;
                self.summary.entries += 1;
                Ok(Some(Record::Entry(key, value)))
            }
            END => {
                self.ended = true;
                Ok(None)
            }
            other => Err(BackupError::Damaged(format!("unknown record type {other:#04x}"))),
        }
    }

    /// Checks the digest after the end record and that nothing follows it.
    pub(crate) fn finish(&mut self) -> Result<BackupSummary, BackupError> {
        if !self.ended {
            return Err(BackupError::Damaged("records after the end".into()));
        }
        let Some(hasher) = &self.input.hasher else { return Ok(self.summary) };
        let expected: [u8; 32] = hasher.clone().finalize().into();
        let mut stored = [0u8; 32];
        self.input.inner.read_exact(&mut stored).map_err(truncated)?;
        if stored != expected {
            return Err(BackupError::Damaged("checksum mismatch".into()));
        }
        if self.input.inner.read(&mut [0u8; 1])? != 0 {
            return Err(BackupError::Damaged("bytes after the end".into()));
        }
        self.summary.bytes = self.input.read + 32;
        Ok(self.summary)
    }
}

fn truncated(e: io::Error) -> BackupError {
    if e.kind() == io::ErrorKind::UnexpectedEof {
        BackupError::Truncated
    } else {
        BackupError::Io(e)
    }
}

/// The reader's input: buffered, hashed when it is a backup file.
struct Input<R> {
    inner: BufReader<R>,
    hasher: Option<Sha256>,
    read: u64,
}

impl<R: Read> Input<R> {
    fn exact(&mut self, buf: &mut [u8]) -> Result<(), BackupError> {
        self.inner.read_exact(buf).map_err(truncated)?;
        if let Some(hasher) = &mut self.hasher {
            hasher.update(&*buf);
        }
        self.read += buf.len() as u64;
        Ok(())
    }
    fn u8(&mut self) -> Result<u8, BackupError> {
        let mut b = [0u8; 1];
        self.exact(&mut b)?;
        Ok(b[0])
    }
    fn u16(&mut self) -> Result<u16, BackupError> {
        let mut b = [0u8; 2];
        self.exact(&mut b)?;
        Ok(u16::from_be_bytes(b))
    }
    fn u32(&mut self) -> Result<u32, BackupError> {
        let mut b = [0u8; 4];
        self.exact(&mut b)?;
        Ok(u32::from_be_bytes(b))
    }
    fn u64(&mut self) -> Result<u64, BackupError> {
        let mut b = [0u8; 8];
        self.exact(&mut b)?;
        Ok(u64::from_be_bytes(b))
    }
    /// A length-prefixed field.
    fn field(&mut self) -> Result<Vec<u8>, BackupError> {
        let len = self.u32()?;
        if len > MAX_FIELD {
            return Err(BackupError::Damaged(format!("a field of {len} bytes")));
        }
        let mut buf = vec![0u8; len as usize];
        self.exact(&mut buf)?;
        Ok(buf)
    }
}
