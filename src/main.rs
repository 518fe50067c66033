fn main() {
    console_error_panic_hook::set_once();
    // The static shell of index.html showed the page while the app loaded: the app takes over from here.
    if let Some(shell) = leptos::prelude::document().get_element_by_id("shell") {
        shell.remove();
    }
    leptos::mount::mount_to_body(fivedice_app::App);
}
