//! Files the player saves or opens: downloads made in the page, and reading a chosen file.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Offers `contents` as a file download named `name`.
pub fn download(name: &str, contents: &str) -> Result<(), String> {
    let failed = |_| format!("could not save {name}");
    let parts = js_sys::Array::of1(&contents.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
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
