fn main() {
    console_error_panic_hook::set_once();
    // Mounting waits for a task of its own: the module's instantiation and the app's start are then shorter
    // tasks rather than one long one that blocks the page. The static shell of index.html shows meanwhile.
    leptos::prelude::set_timeout(
        || leptos::mount::mount_to_body(fivedice_app::App),
        std::time::Duration::ZERO,
    );
}
