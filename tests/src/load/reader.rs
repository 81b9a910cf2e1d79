//! A lean WebSocket viewer for the load benchmarks: it opens the socket with
//! a plain HTTP/1.1 upgrade, then reads the server's frames straight from
//! the TCP stream into one reused buffer and hands each text message to a
//! callback as bytes — no copy per message, no UTF-8 check, no task per
//! half. It answers pings (the server closes a socket it has not heard from)
//! and nothing else. The load generator shares the machine with the servers
//! it measures: every microsecond it spends per frame is one they lose.
//!
//! Server frames are never masked (RFC 6455 §5.1); a text message may come
//! in fragments (the server splits large ones, §5.4), which are joined.

use std::io;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;

/// How many bytes a read may take at once.
const READ: usize = 8 * 1024;

/// An open viewer socket, after the handshake.
pub struct Viewer {
    stream: TcpStream,
    /// Bytes read and not yet parsed (`buf[start..]`).
    buf: Vec<u8>,
    start: usize,
    /// A text message arriving in fragments.
    message: Vec<u8>,
}

impl Viewer {
    /// Connects to `ws://host:port/path?query` with an optional session cookie.
    ///
    /// # Errors
    /// The connection or the handshake failed (any answer but 101).
    pub async fn connect(url: &str, session: Option<&str>) -> anyhow::Result<Viewer> {
        let rest = url.strip_prefix("ws://").ok_or_else(|| anyhow::anyhow!("not a ws:// URL: {url}"))?;
        let (host, path) = rest.split_once('/').map_or((rest, "/".to_string()), |(h, p)| (h, format!("/{p}")));
        let mut stream = TcpStream::connect(host).await?;
        stream.set_nodelay(true)?;
        let cookie = session.map(|s| format!("Cookie: arbiter_session={s}\r\n")).unwrap_or_default();
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{cookie}\r\n"
        );
        stream.write_all(request.as_bytes()).await?;
        let mut buf = Vec::with_capacity(READ);
        let end = loop {
            if let Some(end) = memchr::memmem::find(&buf, b"\r\n\r\n") {
                break end + 4;
            }
            anyhow::ensure!(buf.len() < 16 * 1024, "the handshake's answer is too long");
            if read_more(&mut stream, &mut buf).await? == 0 {
                anyhow::bail!("the server closed the connection during the handshake");
            }
        };
        let status = buf.split(|&b| b == b'\n').next().unwrap_or_default();
        anyhow::ensure!(
            status.starts_with(b"HTTP/1.1 101"),
            "the server refused the socket: {}",
            String::from_utf8_lossy(status).trim()
        );
        Ok(Viewer { stream, buf, start: end, message: Vec::new() })
    }

    /// Reads until the socket closes, calling `on_text` with each text
    /// message's bytes as it is complete.
    ///
    /// # Errors
    /// A read or write failed, or a frame broke the protocol.
    pub async fn run(mut self, mut on_text: impl FnMut(&[u8])) -> io::Result<()> {
        loop {
            while let Some(frame) = parse(&self.buf[self.start..])? {
                let payload = self.start + frame.header..self.start + frame.header + frame.len;
                self.start = payload.end;
                match frame.opcode {
                    // Text, or a fragment of it (binary frames are not sent to viewers).
                    0x1 if frame.fin => on_text(&self.buf[payload]),
                    0x1 | 0x0 => {
                        self.message.extend_from_slice(&self.buf[payload]);
                        if frame.fin {
                            on_text(&self.message);
                            self.message.clear();
                        }
                    }
                    0x8 => return Ok(()),
                    0x9 => {
                        let pong = masked(0xA, &self.buf[payload]);
                        self.stream.write_all(&pong).await?;
                    }
                    _ => {}
                }
            }
            // Keep what is unparsed at the front, then read more behind it.
            self.buf.drain(..self.start);
            self.start = 0;
            if read_more(&mut self.stream, &mut self.buf).await? == 0 {
                return Ok(());
            }
        }
    }
}

/// Reads what has arrived onto the end of `buf` (into its spare capacity,
/// at least [`READ`] bytes of it, which is not zeroed first).
async fn read_more(stream: &mut TcpStream, buf: &mut Vec<u8>) -> io::Result<usize> {
    buf.reserve(READ);
    stream.read_buf(buf).await
}

/// A frame's header: its opcode, whether it ends its message, and where its payload lies.
#[derive(Debug, PartialEq, Eq)]
struct Header {
    fin: bool,
    opcode: u8,
    /// The header's length in bytes.
    header: usize,
    /// The payload's length in bytes.
    len: usize,
}

/// The first frame in `b`, when all of it has arrived.
fn parse(b: &[u8]) -> io::Result<Option<Header>> {
    if b.len() < 2 {
        return Ok(None);
    }
    if b[1] & 0x80 != 0 {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "a server frame must not be masked"));
    }
    let (header, len): (usize, usize) = match b[1] & 0x7F {
        126 if b.len() >= 4 => (4, usize::from(u16::from_be_bytes([b[2], b[3]]))),
        127 if b.len() >= 10 => {
            let mut n = [0; 8];
            n.copy_from_slice(&b[2..10]);
            (10, usize::try_from(u64::from_be_bytes(n)).unwrap_or(usize::MAX))
        }
        126 | 127 => return Ok(None),
        n => (2, usize::from(n)),
    };
    if b.len() < header.saturating_add(len) {
        return Ok(None);
    }
    Ok(Some(Header { fin: b[0] & 0x80 != 0, opcode: b[0] & 0x0F, header, len }))
}

/// A client frame (always masked, RFC 6455 §5.3; a zero mask will do for a
/// benchmark) with a short payload.
fn masked(opcode: u8, payload: &[u8]) -> Vec<u8> {
    let len = payload.len().min(125);
    let mut f = Vec::with_capacity(6 + len);
    f.push(0x80 | opcode);
    f.push(0x80 | u8::try_from(len).unwrap_or(125));
    f.extend_from_slice(&[0, 0, 0, 0]);
    f.extend_from_slice(&payload[..len]);
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_read_only_once_whole() {
        // "Hi" unmasked, final text frame (RFC 6455 §5.7's first example).
        let hi = [0x81, 0x02, b'H', b'i'];
        assert_eq!(parse(&hi[..1]).unwrap(), None);
        assert_eq!(parse(&hi[..3]).unwrap(), None);
        assert_eq!(parse(&hi).unwrap(), Some(Header { fin: true, opcode: 1, header: 2, len: 2 }));
        // A 256-byte payload has a 16-bit length; a fragment's FIN bit is clear.
        let mut long = vec![0x01, 126, 0x01, 0x00];
        long.extend(std::iter::repeat_n(b'x', 256));
        assert_eq!(parse(&long[..100]).unwrap(), None);
        assert_eq!(parse(&long).unwrap(), Some(Header { fin: false, opcode: 1, header: 4, len: 256 }));
        // A 64-bit length.
        let mut huge = vec![0x82, 127, 0, 0, 0, 0, 0, 1, 0, 0];
        assert_eq!(parse(&huge).unwrap(), None);
        huge.extend(std::iter::repeat_n(0, 65_536));
        assert_eq!(parse(&huge).unwrap().map(|h| (h.header, h.len)), Some((10, 65_536)));
        // A masked server frame breaks the protocol.
        assert!(parse(&[0x81, 0x82, 0, 0, 0, 0, b'H', b'i']).is_err());
    }

    #[test]
    fn pongs_are_masked_and_echo_the_ping() {
        assert_eq!(masked(0xA, b"ab"), [0x8A, 0x82, 0, 0, 0, 0, b'a', b'b']);
    }
}
