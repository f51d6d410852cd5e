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

/// 201 with `data`.
pub fn created<T: Serialize>(data: T) -> HttpResponse {
    HttpResponse::Created().json(Success { success: true, data })
}

/// 202 with `data`: accepted, done later.
pub fn accepted<T: Serialize>(data: T) -> HttpResponse {
    HttpResponse::Accepted().json(Success { success: true, data })
}
