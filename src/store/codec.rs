//! Value codec: a one-byte schema version followed by bincode 2 (serde) of the value. The
//! version lets a later release migrate old rows instead of misreading them. Both backends
//! store domain rows in it.

use serde::{de::DeserializeOwned, Serialize};

use super::StoreError;

/// Schema version written in front of every value.
const SCHEMA_V1: u8 = 1;

fn config() -> bincode::config::Configuration {
    bincode::config::standard()
}

pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    encode_versioned(SCHEMA_V1, value)
}

/// Encodes `value` behind a schema version of the caller's (for a row whose shape changed).
pub fn encode_versioned<T: Serialize>(version: u8, value: &T) -> Result<Vec<u8>, StoreError> {
    let mut bytes = vec![version];
    bincode::serde::encode_into_std_write(value, &mut bytes, config())
        .map_err(|e| StoreError::Encode(e.to_string()))?;
    Ok(bytes)
}

/// Decodes a value written by [`encode_versioned`] with `version`.
pub fn decode_versioned<T: DeserializeOwned>(version: u8, bytes: &[u8]) -> Result<T, StoreError> {
    match bytes.split_first() {
        Some((&v, body)) if v == version => {
            let (value, _) =
                bincode::serde::decode_from_slice(body, config()).map_err(|e| StoreError::Decode(e.to_string()))?;
            Ok(value)
        }
        Some((&other, _)) => Err(StoreError::UnknownSchema(other)),
        None => Err(StoreError::Decode("empty value".into())),
    }
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    decode_versioned(SCHEMA_V1, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::plan::default_plans;

    #[test]
    fn round_trips_and_refuses_unknown_versions() {
        let plans = default_plans();
        let bytes = encode(&plans).unwrap();
        assert_eq!(bytes[0], SCHEMA_V1);
        assert_eq!(decode::<Vec<crate::domain::Plan>>(&bytes).unwrap(), plans);

        let mut future = bytes.clone();
        future[0] = 9;
        assert!(matches!(decode::<Vec<crate::domain::Plan>>(&future), Err(StoreError::UnknownSchema(9))));
        assert!(decode::<u64>(&[]).is_err());
    }
}
