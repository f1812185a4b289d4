//! Reading a JSON record with located errors, for the readers of JSON formats (Mahjong Soul,
//! Riichi City): objects kept with their fields raw, so that each error names the field's
//! path (`handRecord[3].handEventRecord[17].data`) and its place in the file.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::value::RawValue;

use crate::{Location, ParseError, ParseErrorKind};

/// The text a record is read from: what every location is an offset into.
#[derive(Clone, Copy, Debug)]
pub struct JsonSource<'a> {
    /// The whole input.
    pub input: &'a str,
}

impl<'a> JsonSource<'a> {
    /// The offset of `raw`, a slice of the input, from the input's start.
    pub fn offset(&self, raw: &str) -> usize {
        (raw.as_ptr() as usize).saturating_sub(self.input.as_ptr() as usize)
    }

    /// An error at `raw` (a slice of the input), about the value at `path`.
    pub fn err(&self, raw: &str, path: &str, detail: String) -> ParseError {
        ParseError::new(
            Location::of_offset(self.input.as_bytes(), self.offset(raw)),
            ParseErrorKind::Element {
                path: path.to_owned(),
                detail,
            },
        )
    }

    /// Reads `raw` as a `T`, an error naming `path`.
    ///
    /// # Errors
    ///
    /// serde_json's error, located in the input.
    pub fn parse<T: Deserialize<'a>>(
        &self,
        raw: &'a RawValue,
        path: &str,
    ) -> Result<T, ParseError> {
        serde_json::from_str(raw.get())
            .map_err(|e| ParseError::from_json(self.input, self.offset(raw.get()), &e, path))
    }
}

/// A JSON object with its fields raw, and its path from the record's root.
#[derive(Debug)]
pub struct JsonObject<'a> {
    /// The object's text, a slice of the input.
    pub raw: &'a str,
    /// Its path (empty for the root).
    pub path: String,
    /// Its fields, raw.
    pub fields: BTreeMap<&'a str, &'a RawValue>,
}

impl<'a> JsonObject<'a> {
    /// The object `raw` at `path`.
    ///
    /// # Errors
    ///
    /// When `raw` is no JSON object with plain keys.
    pub fn new(
        src: &JsonSource<'a>,
        raw: &'a RawValue,
        path: String,
    ) -> Result<JsonObject<'a>, ParseError> {
        let fields: BTreeMap<&'a str, &'a RawValue> =
            serde_json::from_str(raw.get()).map_err(|_| {
                src.err(
                    raw.get(),
                    if path.is_empty() { "the record" } else { &path },
                    "expected a JSON object with plain keys".to_owned(),
                )
            })?;
        Ok(JsonObject {
            raw: raw.get(),
            path,
            fields,
        })
    }

    /// The path of field `key`.
    pub fn path_of(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_owned()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// An error about field `key` (at the field, or at the object when it is absent).
    pub fn err(&self, src: &JsonSource<'_>, key: &str, detail: impl Into<String>) -> ParseError {
        let raw = self.fields.get(key).map_or(self.raw, |r| r.get());
        src.err(raw, &self.path_of(key), detail.into())
    }

    /// Field `key` raw, unless absent or `null`.
    pub fn raw(&self, key: &str) -> Option<&'a RawValue> {
        self.fields.get(key).copied().filter(|r| r.get() != "null")
    }

    /// Field `key` as a `T`, if present and not `null`.
    ///
    /// # Errors
    ///
    /// When it is not a `T`.
    pub fn opt<T: Deserialize<'a>>(
        &self,
        src: &JsonSource<'a>,
        key: &str,
    ) -> Result<Option<T>, ParseError> {
        match self.raw(key) {
            Some(raw) => src.parse(raw, &self.path_of(key)).map(Some),
            None => Ok(None),
        }
    }

    /// Field `key` as a `T`; `expected` says what it holds, for the error when it is missing.
    ///
    /// # Errors
    ///
    /// When it is missing or not a `T`.
    pub fn req<T: Deserialize<'a>>(
        &self,
        src: &JsonSource<'a>,
        key: &str,
        expected: &str,
    ) -> Result<T, ParseError> {
        self.opt(src, key)?.ok_or_else(|| {
            src.err(
                self.raw,
                &self.path_of(key),
                format!("missing: expected {expected}"),
            )
        })
    }

    /// Field `key` as an object, if present.
    ///
    /// # Errors
    ///
    /// When it is no object.
    pub fn obj(
        &self,
        src: &JsonSource<'a>,
        key: &str,
    ) -> Result<Option<JsonObject<'a>>, ParseError> {
        match self.raw(key) {
            Some(raw) => JsonObject::new(src, raw, self.path_of(key)).map(Some),
            None => Ok(None),
        }
    }

    /// Field `key` as a list of objects (`expected` says what it holds).
    ///
    /// # Errors
    ///
    /// When it is missing, or not a list of objects.
    pub fn list(
        &self,
        src: &JsonSource<'a>,
        key: &str,
        expected: &str,
    ) -> Result<Vec<JsonObject<'a>>, ParseError> {
        let items: Vec<&'a RawValue> = self.req(src, key, expected)?;
        let path = self.path_of(key);
        items
            .iter()
            .enumerate()
            .map(|(i, raw)| JsonObject::new(src, raw, format!("{path}[{i}]")))
            .collect()
    }
}
