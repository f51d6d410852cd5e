//! Key encoding: big-endian integers, so that sled's byte order is numeric order and a prefix
//! (a brand, a campaign inside it) is one contiguous range.

/// An id as an 8-byte big-endian key.
pub fn id(id: u64) -> [u8; 8] {
    id.to_be_bytes()
}

/// Reads an 8-byte big-endian id back; `None` when the slice has another length.
pub fn read_id(bytes: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(bytes.try_into().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_order_is_numeric_order() {
        assert!(id(255) < id(256));
        assert!(id(1) < id(u64::MAX));
        assert_eq!(read_id(&id(42)), Some(42));
        assert_eq!(read_id(&[1, 2, 3]), None);
    }
}
