//! The success envelope `{"success": true, "data": ...}` of every API answer.

use actix_web::HttpResponse;
use serde::Serialize;

#[derive(Serialize)]
struct Success<T> {
    success: bool,
    data: T,
}

/// 200 with `data`.
pub fn ok<T: Serialize>(data: T) -> HttpResponse {
    HttpResponse::Ok().json(Success { success: true, data })
}

/// 200 with a list answer: `{"<plural>": [...], "pagination": {page, limit, total, totalPages}}`,
/// the one shape of every list endpoint. Serialized straight from the items, with no
/// intermediate JSON tree.
pub fn list<T: Serialize>(plural: &'static str, items: Vec<T>, pagination: crate::domain::Page) -> HttpResponse {
    ok(ListData { plural, items, pagination })
}

/// The data of a list answer; its first key is the plural of what it lists.
struct ListData<T> {
    plural: &'static str,
    items: Vec<T>,
    pagination: crate::domain::Page,
}

impl<T: Serialize> Serialize for ListData<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry(self.plural, &self.items)?;
        map.serialize_entry("pagination", &self.pagination)?;
        map.end()
    }
}

/// 201 with `data`.
pub fn created<T: Serialize>(data: T) -> HttpResponse {
    HttpResponse::Created().json(Success { success: true, data })
}
