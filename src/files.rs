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
    download_blob(name, &blob)
}

/// Offers a blob (a file's bytes) as a download named `name`.
fn download_blob(name: &str, blob: &web_sys::Blob) -> Result<(), String> {
    let failed = |_| format!("could not save {name}");
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(failed)?;
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
    let parts = js_sys::Array::of1(&contents.into());
    let file =
        web_sys::File::new_with_str_sequence(&parts, name).map_err(|_| format!("could not make {name}"))?;
    share_file(&file).await
}

/// Offers a PNG picture, held as a `data:` address, as [`share`] offers a file.
pub async fn share_picture(name: &str, data_address: &str) -> Result<Shared, String> {
    let failed = |_| format!("could not make {name}");
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(data_address))
        .await
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    let blob = JsFuture::from(response.blob().map_err(failed)?)
        .await
        .map_err(failed)?;
    let options = web_sys::FilePropertyBag::new();
    options.set_type("image/png");
    let file = web_sys::File::new_with_blob_sequence_and_options(&js_sys::Array::of1(&blob), name, &options)
        .map_err(failed)?;
    share_file(&file).await
}

/// The navigator's `method`, where this browser has it.
fn navigator_method(navigator: &web_sys::Navigator, method: &str) -> Option<js_sys::Function> {
    js_sys::Reflect::get(navigator, &method.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
}

/// Asks the device's share sheet to take `data`, where it says it can: `None` where it cannot (no sheet, or
/// not for this), else whether it was shared (closing the sheet is the player's choice, and counts).
async fn share_sheet(data: &js_sys::Object) -> Option<Result<(), ()>> {
    let navigator = web_sys::window()?.navigator();
    let (can_share, share) = (
        navigator_method(&navigator, "canShare")?,
        navigator_method(&navigator, "share")?,
    );
    if !can_share.call1(&navigator, data).is_ok_and(|yes| yes.is_truthy()) {
        return None;
    }
    let promise = share
        .call1(&navigator, data)
        .ok()?
        .dyn_into::<js_sys::Promise>()
        .ok()?;
    Some(match JsFuture::from(promise).await {
        Ok(_) => Ok(()),
        Err(error)
            if js_sys::Reflect::get(&error, &"name".into())
                .ok()
                .and_then(|n| n.as_string())
                .as_deref()
                == Some("AbortError") =>
        {
            Ok(())
        }
        Err(_) => Err(()),
    })
}

/// Offers a file to the share sheet where it takes files, and as a download elsewhere (or where it failed).
async fn share_file(file: &web_sys::File) -> Result<Shared, String> {
    let data = js_sys::Object::new();
    let set = js_sys::Reflect::set(&data, &"files".into(), &js_sys::Array::of1(file));
    if set.is_ok() && share_sheet(&data).await == Some(Ok(())) {
        return Ok(Shared::Sheet);
    }
    download_blob(&file.name(), file).map(|()| Shared::Downloaded)
}

/// How a shared link left the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkShared {
    Sheet,
    /// Copied to the clipboard, to be pasted.
    Copied,
}

/// Offers a link to the share sheet where there is one, and copies it where there is not: `None` where neither
/// took it.
pub async fn share_link(title: &str, url: &str) -> Option<LinkShared> {
    let data = js_sys::Object::new();
    let set = |key: &str, value: &str| js_sys::Reflect::set(&data, &key.into(), &value.into()).is_ok();
    if set("title", title) && set("url", url) && share_sheet(&data).await == Some(Ok(())) {
        return Some(LinkShared::Sheet);
    }
    let clipboard = web_sys::window()?.navigator().clipboard();
    JsFuture::from(clipboard.write_text(url))
        .await
        .ok()
        .map(|_| LinkShared::Copied)
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
