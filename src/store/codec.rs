//! Value codec: a one-byte schema version followed by bincode 2 (serde) of the value. The
//! version lets a later release migrate old rows instead of misreading them. Both backends
//! store domain rows in it.

use serde::{de::DeserializeOwned, Serialize};

use super::StoreError;
use crate::domain::campaign_row::{RowOf, CURRENT};
use crate::domain::language::Language;
use crate::domain::{Campaign, Participant};

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

/// A campaign row of `schema` (1 to `campaign_row::CURRENT`; see `domain::campaign_row`),
/// read to its last byte: a row of an older schema ends before a newer schema's fields, so
/// it never reads as one.
pub fn decode_campaign_row(schema: u8, bytes: &[u8]) -> Result<Campaign, StoreError> {
    match bytes.split_first() {
        Some((&SCHEMA_V1, body)) => {
            let (campaign, used) = bincode::serde::seed_decode_from_slice(RowOf(schema), body, config())
                .map_err(|e| StoreError::Decode(e.to_string()))?;
            if used != body.len() {
                return Err(StoreError::Decode(format!("a campaign row longer than schema {schema}'s")));
            }
            Ok(campaign)
        }
        Some((&other, _)) => Err(StoreError::UnknownSchema(other)),
        None => Err(StoreError::Decode("empty value".into())),
    }
}

/// Whether a campaign row is in today's shape: it reads as one to its last byte and encodes
/// back to itself. The second half tells apart a row of schema 7, which schema 8 changed in
/// its middle (a field inside the contest) and which might by chance read as a newer one (a
/// campaign's only map is ordered, so its encoding is one).
pub fn is_current_campaign_row(bytes: &[u8]) -> bool {
    decode_campaign_row(CURRENT, bytes).is_ok_and(|campaign| encode(&campaign).is_ok_and(|again| again == bytes))
}

/// A participant's own row is schema 2: the participant, then [`RowOnly`], what only that
/// row keeps. Copies of a participant inside events and idempotency records keep the shape
/// they always had (schema 1's), so that no stored event or record has to be rewritten.
/// A schema-1 row reads as a participant who chose no language. Reading a schema-2 row with
/// [`decode`] fails loudly (an unknown schema), never silently without its language.
const PARTICIPANT_ROW: u8 = 2;

/// What a participant's own row keeps after the participant: fields added since schema 1.
#[derive(serde::Serialize, serde::Deserialize)]
struct RowOnly {
    language: Option<Language>,
}

/// A participant's row, as both backends store it.
pub fn encode_participant(participant: &Participant) -> Result<Vec<u8>, StoreError> {
    let mut bytes = encode_versioned(PARTICIPANT_ROW, participant)?;
    bincode::serde::encode_into_std_write(RowOnly { language: participant.language }, &mut bytes, config())
        .map_err(|e| StoreError::Encode(e.to_string()))?;
    Ok(bytes)
}

/// A participant's row written by [`encode_participant`], or by a release before it.
pub fn decode_participant(bytes: &[u8]) -> Result<Participant, StoreError> {
    match bytes.split_first() {
        Some((&PARTICIPANT_ROW, body)) => {
            let malformed = |e: bincode::error::DecodeError| StoreError::Decode(e.to_string());
            let (mut participant, used): (Participant, usize) =
                bincode::serde::decode_from_slice(body, config()).map_err(malformed)?;
            let (row_only, _): (RowOnly, usize) =
                bincode::serde::decode_from_slice(&body[used..], config()).map_err(malformed)?;
            participant.language = row_only.language;
            Ok(participant)
        }
        _ => decode(bytes),
    }
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

    fn ada() -> Participant {
        Participant {
            id: 7,
            campaign_id: 3,
            brand_id: 2,
            member_id: 1,
            seq: 1,
            email: "ada@example.com".into(),
            name: "Ada".into(),
            referred_by: Some(4),
            referrals: 2,
            visits: 0,
            clicks: 5,
            shares: 1,
            created_at: "2026-11-28T10:00:00Z".into(),
            domain: None,
            language: None,
        }
    }

    #[test]
    fn a_participant_row_keeps_its_language_and_older_rows_still_read() {
        let mut spanish = ada();
        spanish.language = Some(Language::Spanish);
        let row = encode_participant(&spanish).unwrap();
        assert_eq!(row[0], PARTICIPANT_ROW);
        assert_eq!(decode_participant(&row).unwrap(), spanish);
        // The generic decoder refuses it rather than dropping the language.
        assert!(matches!(decode::<Participant>(&row), Err(StoreError::UnknownSchema(PARTICIPANT_ROW))));

        // A row of the release before: no language, everything else as it was.
        let older = encode(&spanish).unwrap();
        assert_eq!(decode_participant(&older).unwrap(), ada());

        // Copies nested elsewhere (events, idempotency records) never carry it.
        let nested = encode(&(1u8, spanish.clone())).unwrap();
        assert_eq!(decode::<(u8, Participant)>(&nested).unwrap().1.language, None);
        assert!(decode_participant(&row[..row.len() - 1]).is_err(), "a cut row is an error");
    }
}
