//! The frame every version of a replay link keeps, so that any reader can tell a cut or damaged link from one
//! a later version made: the version, the length, a check of those two, the body, and a CRC-32 of it all;
//! then the bytes in URL-safe base64 without padding, which a fragment carries unescaped.

use super::LinkError;

/// The version byte, the length (3 bytes, big-endian: the whole frame) and the CRC-8 of those four.
pub const HEADER_BYTES: usize = 5;
/// The CRC-32 that ends the frame.
const CHECK_BYTES: usize = 4;
/// The longest frame the length's three bytes can say (16 MiB: far beyond any address a browser opens).
const MAX_BYTES: usize = 0xFF_FFFF;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// CRC-8 (polynomial 0x07, as SMBus): catches any change of up to 8 bits in a row, so any one character
/// changed in the header.
fn crc8(bytes: &[u8]) -> u8 {
    let mut crc = 0u8;
    for &byte in bytes {
        crc ^= byte;
        for _ in 0..8 {
            crc = if crc & 0x80 != 0 {
                crc << 1 ^ 0x07
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// CRC-32 (IEEE, as zip and PNG): catches any change of up to 32 bits in a row, so any one character
/// changed anywhere, and all but one in four billion of the rest.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                crc >> 1 ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// The frame of a body.
pub fn frame(version: u8, body: &[u8]) -> Result<Vec<u8>, LinkError> {
    let total = HEADER_BYTES + body.len() + CHECK_BYTES;
    if total > MAX_BYTES {
        return Err(LinkError::TooLong(total));
    }
    let length = (total as u32).to_be_bytes();
    let mut bytes = vec![version, length[1], length[2], length[3]];
    bytes.push(crc8(&bytes));
    bytes.extend_from_slice(body);
    let check = crc32(&bytes);
    bytes.extend_from_slice(&check.to_be_bytes());
    Ok(bytes)
}

/// The version and body of a frame, once its length and checks hold. `canonical`: whether its base64 ended
/// as a writer ends it (no lone character, no bit set after the last byte).
pub fn unframe(bytes: &[u8], canonical: bool) -> Result<(u8, &[u8]), LinkError> {
    let header = bytes.get(..HEADER_BYTES).ok_or(LinkError::Cut)?;
    if crc8(&header[..HEADER_BYTES - 1]) != header[HEADER_BYTES - 1] {
        return Err(LinkError::Damaged);
    }
    let total = u32::from_be_bytes([0, header[1], header[2], header[3]]) as usize;
    if total > bytes.len() {
        return Err(LinkError::Cut);
    }
    if total < bytes.len() || total < HEADER_BYTES + CHECK_BYTES || !canonical {
        return Err(LinkError::Damaged);
    }
    let (message, check) = bytes.split_at(total - CHECK_BYTES);
    if crc32(message).to_be_bytes() != check {
        return Err(LinkError::Damaged);
    }
    Ok((header[0], &message[HEADER_BYTES..]))
}

pub fn to_base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let group = chunk.iter().enumerate().fold(0u32, |group, (at, &byte)| {
            group | u32::from(byte) << (16 - 8 * at)
        });
        // Three bytes make four characters; a last one or two, two or three.
        for at in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(group >> (18 - 6 * at) & 63) as usize]));
        }
    }
    out
}

fn sextet(character: u8) -> Option<u8> {
    Some(match character {
        b'A'..=b'Z' => character - b'A',
        b'a'..=b'z' => character - b'a' + 26,
        b'0'..=b'9' => character - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    })
}

pub fn is_base64(character: u8) -> bool {
    sextet(character).is_some()
}

/// The bytes of URL-safe base64 (every whole byte its characters hold), and whether it ended as
/// [`to_base64`] ends it.
pub fn from_base64(text: &str) -> Result<(Vec<u8>, bool), LinkError> {
    let mut bytes = Vec::with_capacity(text.len() * 3 / 4);
    let (mut pending, mut bits) = (0u32, 0u32);
    for character in text.bytes() {
        pending = pending << 6 | u32::from(sextet(character).ok_or(LinkError::NotALink)?);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((pending >> bits) as u8);
            pending &= (1 << bits) - 1;
        }
    }
    Ok((bytes, bits < 6 && pending == 0))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn the_checks_are_the_published_ones() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc8(b"123456789"), 0xF4);
        assert_eq!(to_base64(b"\xfb\xff"), "-_8");
        assert_eq!(from_base64("-_8"), Ok((b"\xfb\xff".to_vec(), true)));
        assert_eq!(
            from_base64("-_9"),
            Ok((b"\xfb\xff".to_vec(), false)),
            "a bit after the last byte"
        );
        assert_eq!(from_base64("-_8A"), Ok((b"\xfb\xff\x00".to_vec(), true)));
        assert_eq!(
            from_base64("-_8AB"),
            Ok((b"\xfb\xff\x00".to_vec(), false)),
            "a lone character"
        );
        assert_eq!(from_base64("-_8="), Err(LinkError::NotALink));
    }

    proptest! {
        #[test]
        fn base64_reads_back_and_every_frame_unframes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let text = to_base64(&bytes);
            prop_assert_eq!(text.len(), (bytes.len() * 8).div_ceil(6));
            prop_assert_eq!(from_base64(&text), Ok((bytes.clone(), true)));
            let framed = frame(7, &bytes).unwrap();
            prop_assert_eq!(unframe(&framed, true), Ok((7, &bytes[..])));
            prop_assert_eq!(unframe(&framed[..framed.len() - 1], true), Err(LinkError::Cut));
        }
    }
}
