//! The encoding of a CSV file: decoded whole from its bytes ([`decode`], for a small file held in
//! memory), or sniffed in one streaming pass (a byte order mark, UTF-8 with or without bad bytes,
//! Windows-1252 as Excel writes it, a NUL byte that makes the file binary) and then read as a
//! stream of UTF-8. Separate from `input/csv_file` because it is about bytes and encodings, not
//! rows, delimiters or columns.

use crate::error::{Error, Result};
use std::io::Read;
use std::path::Path;

/// Decode a CSV file's bytes: a byte order mark decides (UTF-8, UTF-16LE/BE); without one,
/// valid UTF-8 is UTF-8, a file without a single UTF-8 multi-byte sequence is Windows-1252 (what
/// Excel writes on Windows), and UTF-8 with a few bad bytes stays UTF-8 with U+FFFD in their
/// place (`UTF8_WITH_BAD_BYTES`: the rows holding them are refused, the others read).
pub fn decode(bytes: &[u8]) -> (String, &'static str) {
    if let Some((enc, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, _) = enc.decode_without_bom_handling(&bytes[bom..]);
        return (text.into_owned(), enc.name());
    }
    match std::str::from_utf8(bytes) {
        Ok(t) => (t.to_string(), "UTF-8"),
        Err(_) if has_utf8_multibyte(bytes) => (
            String::from_utf8_lossy(bytes).into_owned(),
            UTF8_WITH_BAD_BYTES,
        ),
        Err(_) => {
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
            (text.into_owned(), "windows-1252")
        }
    }
}

/// The encoding name [`decode`] gives UTF-8 text with bytes that are not UTF-8.
pub const UTF8_WITH_BAD_BYTES: &str = "UTF-8 (with invalid bytes)";

/// Whether `bytes` hold at least one well-formed UTF-8 sequence of two or more bytes.
fn has_utf8_multibyte(bytes: &[u8]) -> bool {
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => return !s.is_ascii(),
            Err(e) => {
                let good = &rest[..e.valid_up_to()];
                if !good.is_ascii() {
                    return true;
                }
                let skip =
                    e.valid_up_to() + e.error_len().unwrap_or(rest.len() - e.valid_up_to()).max(1);
                if skip >= rest.len() {
                    return false;
                }
                rest = &rest[skip..];
            }
        }
    }
}

/// The file's encoding, the length of its byte order mark and its size, from one streaming
/// pass (the same decision as [`decode`], without holding the file in memory). A NUL byte in a
/// file that is not UTF-16 makes it binary.
pub(super) fn sniff_encoding(path: &Path) -> Result<(Sniffed, u64)> {
    let io = |e| Error::io(path, e);
    let mut file = std::fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    let mut block = vec![0u8; 1 << 20];
    let mut carry: Vec<u8> = Vec::new();
    let mut offset = 0usize;
    let mut first = true;
    let (mut valid, mut multibyte, mut bom) = (true, false, 0);
    let mut utf16 = None;
    loop {
        let n = read_full(&mut file, &mut block).map_err(io)?;
        if n == 0 {
            break;
        }
        let data = &block[..n];
        if first {
            first = false;
            if let Some((enc, len)) = encoding_rs::Encoding::for_bom(data) {
                if enc != encoding_rs::UTF_8 {
                    utf16 = Some((enc, len));
                    break;
                }
                bom = len;
            }
        }
        if let Some(p) = memchr::memchr(0, data) {
            return Err(Error::Binary {
                path: path.into(),
                offset: offset + p,
            });
        }
        offset += n;
        carry.extend_from_slice(data);
        let mut rest: &[u8] = &carry;
        loop {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    multibyte |= !s.is_ascii();
                    rest = &[];
                    break;
                }
                Err(e) => {
                    multibyte |= !rest[..e.valid_up_to()].is_ascii();
                    match e.error_len() {
                        // a sequence cut by the block boundary: finish it with the next block
                        None => {
                            rest = &rest[e.valid_up_to()..];
                            break;
                        }
                        Some(len) => {
                            valid = false;
                            rest = &rest[e.valid_up_to() + len..];
                        }
                    }
                }
            }
        }
        carry = rest.to_vec();
    }
    if let Some((encoding, bom)) = utf16 {
        return Ok((
            Sniffed {
                encoding,
                bad_bytes: false,
                bom,
            },
            size,
        ));
    }
    if !carry.is_empty() {
        valid = false; // the file ends inside a multi-byte sequence
    }
    let encoding = if valid || bom > 0 || multibyte {
        encoding_rs::UTF_8
    } else {
        encoding_rs::WINDOWS_1252
    };
    let bad_bytes = encoding == encoding_rs::UTF_8 && !valid;
    Ok((
        Sniffed {
            encoding,
            bad_bytes,
            bom,
        },
        size,
    ))
}

/// What [`sniff_encoding`] found.
#[derive(Clone, Copy)]
pub(super) struct Sniffed {
    encoding: &'static encoding_rs::Encoding,
    /// UTF-8 with bytes that are not UTF-8 (decoded as U+FFFD; the rows holding them refused).
    bad_bytes: bool,
    /// Length of the byte order mark.
    pub(super) bom: usize,
}

pub(super) fn encoding_label(s: Sniffed) -> &'static str {
    if s.bad_bytes {
        UTF8_WITH_BAD_BYTES
    } else {
        s.encoding.name()
    }
}

/// The file as a stream of UTF-8: valid UTF-8 is read as it is (past its byte order mark),
/// anything else through `encoding_rs_io`.
pub(super) fn decoded_reader(path: &Path, s: Sniffed) -> Result<Box<dyn Read + Send>> {
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    if s.encoding == encoding_rs::UTF_8 && !s.bad_bytes {
        let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
        std::io::copy(&mut (&mut reader).take(s.bom as u64), &mut std::io::sink())
            .map_err(|e| Error::io(path, e))?;
        return Ok(Box::new(reader));
    }
    Ok(Box::new(
        encoding_rs_io::DecodeReaderBytesBuilder::new()
            .encoding(Some(s.encoding))
            .build(file),
    ))
}

/// Up to `len` bytes from the start of the file, after its byte order mark.
pub(super) fn read_prefix(path: &Path, bom: usize, len: usize) -> Result<Vec<u8>> {
    let mut file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let mut buf = vec![0u8; bom + len];
    let n = read_full(&mut file, &mut buf).map_err(|e| Error::io(path, e))?;
    buf.truncate(n);
    buf.drain(..bom.min(n));
    Ok(buf)
}

pub(super) fn decode_prefix(bytes: &[u8], s: Sniffed) -> String {
    s.encoding.decode_without_bom_handling(bytes).0.into_owned()
}

/// Fill `buf` as far as the file goes.
fn read_full(file: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match file.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}
