fn main() {
    console_error_panic_hook::set_once();
    // Mounting waits for a task of its own: the module's instantiation and the first view are then two shorter
    // tasks rather than one long one that blocks the page. The static shell of index.html shows meanwhile.
    leptos::prelude::set_timeout(
        || {
            // The app takes over from the static shell of index.html here.
            if let Some(shell) = leptos::prelude::document().get_element_by_id("shell") {
                shell.remove();
            }
            leptos::mount::mount_to_body(fivedice_app::App);
        },
        std::time::Duration::ZERO,
    );
}
