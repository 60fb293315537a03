//! A tiny hexadecimal decoder (ACVP writes bytes as upper-case hex).

/// Decodes a hex string (either case) into bytes.
pub(crate) fn decode(s: &str) -> Result<Vec<u8>, String> {
    if !s.len().is_multiple_of(2) {
        return Err(format!("odd number of hex digits ({})", s.len()));
    }
    s.as_bytes()
        .chunks_exact(2)
        .enumerate()
        .map(|(i, pair)| Ok((nibble(pair[0], 2 * i)? << 4) | nibble(pair[1], 2 * i + 1)?))
        .collect()
}

fn nibble(c: u8, position: usize) -> Result<u8, String> {
    match c {
        b'0'..=b'9' => Ok(c - b'0'),
        b'a'..=b'f' => Ok(c - b'a' + 10),
        b'A'..=b'F' => Ok(c - b'A' + 10),
        _ => Err(format!(
            "invalid hex digit {:?} at position {position}",
            char::from(c)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn decodes_both_cases() {
        assert_eq!(decode(""), Ok(vec![]));
        assert_eq!(decode("00FFa5"), Ok(vec![0x00, 0xff, 0xa5]));
        assert_eq!(decode("0123456789abcdefABCDEF").unwrap().len(), 11);
        assert_eq!(
            decode("0123456789ABCDEF"),
            Ok(vec![0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef])
        );
    }

    #[test]
    fn rejects_bad_input() {
        assert!(decode("ABC").unwrap_err().contains("odd"));
        assert!(decode("0G").unwrap_err().contains("position 1"));
        assert!(decode(" 0").is_err());
        assert!(decode("é0").is_err());
    }
}
