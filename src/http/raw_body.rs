//! The document's schemas of bodies read as bytes rather than into a type (a provider's
//! signed delivery, the click beacon): a marker type each, declared beside its handler with
//! [`raw_body!`], whose schema is any value, described.

/// Declares `$ty`, the document's schema `$name` of a body read as bytes: any value, as
/// `$description` says.
macro_rules! raw_body {
    ($(#[$doc:meta])* $vis:vis $ty:ident as $name:literal: $description:expr) => {
        $(#[$doc])*
        $vis struct $ty;

        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let any = utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::SchemaType::AnyValue);
                any.description(Some($description)).build().into()
            }
        }

        impl utoipa::ToSchema for $ty {
            fn name() -> std::borrow::Cow<'static, str> {
                $name.into()
            }
        }
    };
}

pub(crate) use raw_body;
