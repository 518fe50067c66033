//! Bits packed one after another, most significant first, with no regard for byte boundaries: a replay link
//! spends on each field only the bits it needs (a held die 3 bits, a roll of five dice 13).

/// Why bits could not be read: the stream ended, or it holds a number or a text no writer here writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitsError {
    RanOut,
    /// A number wider than 64 bits.
    TooLarge,
    /// Text bytes that are not UTF-8.
    NotText,
}

/// Bits written one after another; the last byte is padded with zeros.
#[derive(Clone, Debug, Default)]
pub struct BitWriter {
    bytes: Vec<u8>,
    bits: usize,
}

impl BitWriter {
    pub fn new() -> BitWriter {
        BitWriter::default()
    }

    pub fn bit(&mut self, bit: bool) {
        if self.bits.is_multiple_of(8) {
            self.bytes.push(0);
        }
        if bit {
            let last = self.bytes.len() - 1;
            self.bytes[last] |= 0x80 >> (self.bits % 8);
        }
        self.bits += 1;
    }

    /// The `width` low bits of `value`, the most significant first (`width` up to 64).
    pub fn number(&mut self, value: u64, width: u32) {
        debug_assert!(width <= 64 && (width == 64 || value >> width == 0));
        for shift in (0..width).rev() {
            self.bit((value >> shift) & 1 == 1);
        }
    }

    /// A number of any size in groups of `group` bits, the lowest first, each followed by a bit that says
    /// whether another group follows: small numbers take one group, large ones no more than they need.
    pub fn varint(&mut self, mut value: u64, group: u32) {
        loop {
            self.number(value & ((1 << group) - 1), group);
            value >>= group;
            self.bit(value != 0);
            if value == 0 {
                return;
            }
        }
    }

    pub fn bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.number(u64::from(byte), 8);
        }
    }

    /// Text as its length in bytes, then its UTF-8 bytes.
    pub fn text(&mut self, text: &str) {
        self.varint(text.len() as u64, 5);
        self.bytes(text.as_bytes());
    }

    /// The bits written, as bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

/// Bits read in the order a [`BitWriter`] wrote them.
pub struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> BitReader<'a> {
    pub fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader { bytes, at: 0 }
    }

    fn left(&self) -> usize {
        self.bytes.len() * 8 - self.at
    }

    pub fn bit(&mut self) -> Result<bool, BitsError> {
        let byte = self.bytes.get(self.at / 8).ok_or(BitsError::RanOut)?;
        let bit = byte & (0x80 >> (self.at % 8)) != 0;
        self.at += 1;
        Ok(bit)
    }

    pub fn number(&mut self, width: u32) -> Result<u64, BitsError> {
        if self.left() < width as usize {
            return Err(BitsError::RanOut);
        }
        let mut value = 0;
        for _ in 0..width {
            value = value << 1 | u64::from(self.bit()?);
        }
        Ok(value)
    }

    pub fn varint(&mut self, group: u32) -> Result<u64, BitsError> {
        let (mut value, mut shift) = (0u64, 0u32);
        loop {
            let part = self.number(group)?;
            if part != 0 && (shift >= 64 || (part << shift) >> shift != part) {
                return Err(BitsError::TooLarge);
            }
            if shift < 64 {
                value |= part << shift;
            }
            shift = shift.saturating_add(group);
            if !self.bit()? {
                return Ok(value);
            }
        }
    }

    pub fn bytes(&mut self, count: usize) -> Result<Vec<u8>, BitsError> {
        if self.left() / 8 < count {
            return Err(BitsError::RanOut);
        }
        (0..count)
            .map(|_| self.number(8).map(|byte| byte as u8))
            .collect()
    }

    pub fn text(&mut self) -> Result<String, BitsError> {
        let length = usize::try_from(self.varint(5)?).map_err(|_| BitsError::TooLarge)?;
        String::from_utf8(self.bytes(length)?).map_err(|_| BitsError::NotText)
    }

    /// Whether all that is left is the padding of the last byte: fewer than eight bits, all zero.
    pub fn at_padding(&self) -> bool {
        let left = self.left();
        left < 8
            && self
                .bytes
                .last()
                .is_none_or(|last| left == 0 || last & ((1 << left) - 1) == 0)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// One field of a stream: a plain number of a width, a varint of a group, raw bytes, or text.
    #[derive(Clone, Debug, PartialEq)]
    enum Field {
        Number(u64, u32),
        Varint(u64, u32),
        Bytes(Vec<u8>),
        Text(String),
    }

    fn field() -> impl Strategy<Value = Field> {
        prop_oneof![
            (1u32..=64, any::<u64>()).prop_map(|(width, value)| Field::Number(
                if width == 64 {
                    value
                } else {
                    value & ((1 << width) - 1)
                },
                width
            )),
            (any::<u64>(), 1u32..=8).prop_map(|(value, group)| Field::Varint(value, group)),
            (0u64..40, 1u32..=8).prop_map(|(value, group)| Field::Varint(value, group)),
            proptest::collection::vec(any::<u8>(), 0..40).prop_map(Field::Bytes),
            ".{0,20}".prop_map(Field::Text),
            any::<bool>().prop_map(|bit| Field::Number(u64::from(bit), 1)),
        ]
    }

    fn write(writer: &mut BitWriter, field: &Field) {
        match field {
            Field::Number(value, width) => writer.number(*value, *width),
            Field::Varint(value, group) => writer.varint(*value, *group),
            Field::Bytes(bytes) => writer.bytes(bytes),
            Field::Text(text) => writer.text(text),
        }
    }

    fn read(reader: &mut BitReader, like: &Field) -> Result<Field, BitsError> {
        Ok(match like {
            Field::Number(_, width) => Field::Number(reader.number(*width)?, *width),
            Field::Varint(_, group) => Field::Varint(reader.varint(*group)?, *group),
            Field::Bytes(bytes) => Field::Bytes(reader.bytes(bytes.len())?),
            Field::Text(_) => Field::Text(reader.text()?),
        })
    }

    proptest! {
        /// Whatever is written reads back field for field, then only padding is left; cut a byte short, the
        /// stream says it ran out.
        #[test]
        fn every_stream_reads_back_as_written(fields in proptest::collection::vec(field(), 0..30)) {
            let mut writer = BitWriter::new();
            for field in &fields {
                write(&mut writer, field);
            }
            let bytes = writer.into_bytes();
            let mut reader = BitReader::new(&bytes);
            for field in &fields {
                prop_assert_eq!(read(&mut reader, field), Ok(field.clone()));
            }
            prop_assert!(reader.at_padding());
            if let Some(shorter) = bytes.len().checked_sub(1) {
                let mut reader = BitReader::new(&bytes[..shorter]);
                let read: Result<Vec<Field>, BitsError> = fields.iter().map(|field| read(&mut reader, field)).collect();
                prop_assert_eq!(read, Err(BitsError::RanOut));
            }
        }
    }

    #[test]
    fn small_numbers_take_few_bits_and_oversized_ones_are_refused() {
        let mut writer = BitWriter::new();
        writer.varint(5, 3);
        writer.number(0b101, 3);
        // 3 + 1 + 3 bits: one byte, its last bit padding.
        assert_eq!(writer.into_bytes(), vec![0b1010_1010]);
        // 65 bits of ones in groups of 5: wider than a u64.
        let mut writer = BitWriter::new();
        for _ in 0..13 {
            writer.number(0b11111, 5);
            writer.bit(true);
        }
        writer.number(0b11111, 5);
        writer.bit(false);
        let bytes = writer.into_bytes();
        assert_eq!(BitReader::new(&bytes).varint(5), Err(BitsError::TooLarge));
        assert_eq!(BitReader::new(&[0xff]).varint(5), Err(BitsError::RanOut));
        // Text of one byte, 0xff: not UTF-8.
        assert_eq!(
            BitReader::new(&[0b0000_1011, 0b1111_1100]).text(),
            Err(BitsError::NotText)
        );
        assert!(!BitReader::new(&[0b0000_0001]).at_padding());
        let mut reader = BitReader::new(&[0b1000_0001]);
        reader.bit().unwrap();
        assert!(!reader.at_padding(), "a one among the last bits");
    }
}
