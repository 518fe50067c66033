//! The executor of the store's native tests.

/// Runs each task the store spawns to its end at once. Natively a split point's chunk is always here, so a
/// task that waits for one (keeping older games as sheets, say) ends as soon as it starts.
pub(super) struct AtOnce;

impl AtOnce {
    fn run(mut task: std::pin::Pin<Box<dyn Future<Output = ()> + '_>>) {
        let mut context = std::task::Context::from_waker(std::task::Waker::noop());
        assert!(
            task.as_mut().poll(&mut context).is_ready(),
            "a task of the store's tests waits on nothing that could come"
        );
    }
}

impl any_spawner::CustomExecutor for AtOnce {
    fn spawn(&self, task: any_spawner::PinnedFuture<()>) {
        AtOnce::run(task);
    }

    fn spawn_local(&self, task: any_spawner::PinnedLocalFuture<()>) {
        AtOnce::run(task);
    }

    fn poll_local(&self) {}
}
