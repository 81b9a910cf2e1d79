//! The database runtime: threads of their own for database work, apart from
//! the HTTP workers. An actix worker is one thread running every task of its
//! connections in turn; at a busy event it is writing frames to thousands of
//! sockets, and a task waiting for a database answer is polled again only
//! when its turn comes — each statement of a transaction holding a
//! tournament's write lock waited behind that work. Changes
//! (`crate::service::Ctx::run`) and the live rooms' reads and recomputations
//! run here instead; the pool is opened here, so the connections it keeps
//! are driven by this runtime's I/O driver, which is never busy with frames.

/// The runtime (two threads), started on first use and kept for the process's life.
pub fn runtime() -> &'static tokio::runtime::Handle {
    static RUNTIME: std::sync::OnceLock<tokio::runtime::Handle> = std::sync::OnceLock::new();
    RUNTIME.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new().name("arbiter-db".into()).spawn(move || {
            match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_name("arbiter-db")
                .enable_all()
                .build()
            {
                Ok(rt) => {
                    let _ = tx.send(Some(rt.handle().clone()));
                    rt.block_on(std::future::pending::<()>());
                }
                Err(e) => {
                    tracing::error!(error = %e, "cannot start the database runtime; its work runs on the HTTP workers");
                    let _ = tx.send(None);
                }
            }
        });
        match spawned.ok().and_then(|_| rx.recv().ok().flatten()) {
            Some(handle) => handle,
            None => tokio::runtime::Handle::current(),
        }
    })
}
