//! The room server's events, over HTTP beside the page (`events/…`, see the server's `events` module): JSON
//! sent and read with the browser's `fetch`. Only the events chunk's code calls these, so they travel with it.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// An event's address beside the page, the name escaped: `events/Claire%20%26%20Tom`, and what follows.
pub fn event_url(name: &str, rest: &str) -> String {
    format!(
        "events/{}{rest}",
        String::from(js_sys::encode_uri_component(name))
    )
}

/// What the server answered a request, or that it answered nothing.
pub enum Answer<T> {
    /// 2xx, with the body read.
    Done(T),
    /// A refusal: the status, its code and its English reason (the server's `{"error", "reason"}`), and the
    /// whole body for any further field.
    Refused {
        status: u16,
        code: String,
        body: serde_json::Value,
    },
    /// No answer (offline, or not a room server).
    Unanswered,
}

/// `POST url` with a JSON body; the JSON answer read as `T`.
pub async fn post<T: DeserializeOwned>(url: &str, body: &impl Serialize) -> Answer<T> {
    let Ok(body) = serde_json::to_string(body) else {
        return Answer::Unanswered;
    };
    let init = web_sys::RequestInit::new();
    init.set_method("POST");
    init.set_body(&body.into());
    let headers = js_sys::Object::new();
    if js_sys::Reflect::set(&headers, &"Content-Type".into(), &"application/json".into()).is_err() {
        return Answer::Unanswered;
    }
    init.set_headers(&headers);
    let Some(window) = web_sys::window() else {
        return Answer::Unanswered;
    };
    read(JsFuture::from(window.fetch_with_str_and_init(url, &init)).await).await
}

/// `GET url`, the JSON answer read as `T`.
pub async fn get<T: DeserializeOwned>(url: &str) -> Answer<T> {
    let Some(window) = web_sys::window() else {
        return Answer::Unanswered;
    };
    read(JsFuture::from(window.fetch_with_str(url)).await).await
}

async fn read<T: DeserializeOwned>(
    response: Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>,
) -> Answer<T> {
    let Some(response) = response
        .ok()
        .and_then(|response| response.dyn_into::<web_sys::Response>().ok())
    else {
        return Answer::Unanswered;
    };
    let text = match response.text() {
        Ok(text) => JsFuture::from(text).await.ok().and_then(|text| text.as_string()),
        Err(_) => None,
    };
    let Some(text) = text else {
        return Answer::Unanswered;
    };
    if response.ok() {
        return match serde_json::from_str(&text) {
            Ok(value) => Answer::Done(value),
            Err(_) => Answer::Unanswered,
        };
    }
    let body: serde_json::Value = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
    match body["error"].as_str() {
        Some(code) => Answer::Refused {
            status: response.status(),
            code: code.to_string(),
            body: body.clone(),
        },
        // Not the room server's refusal (a static host's 404 page, a proxy's error): nobody answered.
        None => Answer::Unanswered,
    }
}
