//! Files the player saves or opens: downloads made in the page, and reading a chosen file.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Offers `contents` as a JSON file download named `name`.
pub fn download(name: &str, contents: &str) -> Result<(), String> {
    download_as(name, "application/json", contents)
}

/// Offers `contents` as a file download named `name`, of that media type.
pub fn download_as(name: &str, media_type: &str, contents: &str) -> Result<(), String> {
    let failed = |_| format!("could not save {name}");
    let parts = js_sys::Array::of1(&contents.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(media_type);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let document = web_sys::window()
        .and_then(|window| window.document())
        .ok_or("no document")?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(failed)?
        .dyn_into()
        .map_err(|_| "no link element".to_string())?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // Revoking only frees the file's memory early; if it fails, the page frees it when it closes.
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// How a shared file left the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// The device's share sheet took it (or the player closed the sheet).
    Sheet,
    /// No share sheet takes files here: it was saved as a download instead.
    Downloaded,
}

/// Offers `contents` as a file to the device's share sheet where it takes files (tablets and phones), and
/// as a download elsewhere.
pub async fn share(name: &str, contents: &str) -> Result<Shared, String> {
    use js_sys::{Array, Function, Object, Reflect};
    let Some(navigator) = web_sys::window().map(|window| window.navigator()) else {
        return download(name, contents).map(|()| Shared::Downloaded);
    };
    let parts = Array::of1(&contents.into());
    let file =
        web_sys::File::new_with_str_sequence(&parts, name).map_err(|_| format!("could not make {name}"))?;
    let data = Object::new();
    let files = Array::of1(&file);
    let set = |key: &str, value: &wasm_bindgen::JsValue| Reflect::set(&data, &key.into(), value).is_ok();
    let method = |key: &str| {
        Reflect::get(&navigator, &key.into())
            .ok()
            .and_then(|f| f.dyn_into::<Function>().ok())
    };
    let (Some(can_share), Some(share)) = (method("canShare"), method("share")) else {
        return download(name, contents).map(|()| Shared::Downloaded);
    };
    let takes_files = set("files", &files)
        && can_share
            .call1(&navigator, &data)
            .is_ok_and(|yes| yes.is_truthy());
    if !takes_files {
        return download(name, contents).map(|()| Shared::Downloaded);
    }
    let promise = share
        .call1(&navigator, &data)
        .ok()
        .and_then(|promise| promise.dyn_into::<js_sys::Promise>().ok());
    match promise {
        Some(promise) => match JsFuture::from(promise).await {
            Ok(_) => Ok(Shared::Sheet),
            // Closing the sheet is the player's choice, not a failure.
            Err(error)
                if Reflect::get(&error, &"name".into())
                    .ok()
                    .and_then(|n| n.as_string())
                    .as_deref()
                    == Some("AbortError") =>
            {
                Ok(Shared::Sheet)
            }
            Err(_) => download(name, contents).map(|()| Shared::Downloaded),
        },
        None => download(name, contents).map(|()| Shared::Downloaded),
    }
}

/// The text of the first file chosen in a file input.
pub async fn read_chosen_file(input: &web_sys::HtmlInputElement) -> Result<String, String> {
    let file = input
        .files()
        .and_then(|files| files.get(0))
        .ok_or("no file was chosen")?;
    let text = JsFuture::from(file.text())
        .await
        .map_err(|_| "the file could not be read".to_string())?;
    text.as_string().ok_or_else(|| "the file is not text".to_string())
}
