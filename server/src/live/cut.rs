//! Ending a live socket at once. A viewer the server gives up on — its
//! queue overflowed (it fell too far behind), or a write missed its deadline
//! (it stopped reading) — is cut: its connection is dropped now, instead of
//! a close frame or `resync` waiting behind everything the client has not
//! read (megabytes, for up to ~150 s). The client reconnects, with
//! `?since=N` on the event stream (a replay, or a snapshot when too far
//! behind) and a fresh snapshot on a view, as after any lost connection.
//!
//! [`CutBody`] wraps the socket's response body: once [`Cut::now`] is
//! called it ends the body with an error, and the HTTP dispatcher drops the
//! connection without writing what is still queued.

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::web::Bytes;
use futures_util::task::AtomicWaker;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

#[derive(Debug, Default)]
struct Shared {
    cut: AtomicBool,
    waker: AtomicWaker,
}

/// The handle that cuts one socket (held by its session).
#[derive(Clone, Debug, Default)]
pub struct Cut(Arc<Shared>);

impl Cut {
    /// Cuts the connection: its response body ends with an error at the
    /// dispatcher's next poll, which this wakes.
    pub fn now(&self) {
        self.0.cut.store(true, Ordering::Release);
        self.0.waker.wake();
    }

    fn is_cut(&self) -> bool {
        self.0.cut.load(Ordering::Acquire)
    }

    /// `body`, ended by this handle.
    #[must_use]
    pub fn wrap(&self, body: BoxBody) -> BoxBody {
        CutBody { inner: body, cut: self.clone() }.boxed()
    }
}

/// A response body that a [`Cut`] can end at once.
pub struct CutBody {
    inner: BoxBody,
    cut: Cut,
}

/// Why a cut socket's body ended (what the dispatcher logs).
#[derive(Debug, thiserror::Error)]
#[error("live socket cut off: its client fell behind or stopped reading (it reconnects)")]
pub struct CutOff;

impl MessageBody for CutBody {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.inner.size()
    }

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, Self::Error>>> {
        let this = self.get_mut();
        this.cut.0.waker.register(cx.waker());
        if this.cut.is_cut() {
            return Poll::Ready(Some(Err(Box::new(CutOff))));
        }
        Pin::new(&mut this.inner).poll_next(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::StreamExt as _;

    #[tokio::test]
    async fn a_cut_body_ends_with_an_error_even_while_waiting() {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Result<Bytes, std::io::Error>>();
        let stream = tokio_stream_from(rx);
        let cut = Cut::default();
        let mut body = Box::pin(cut.wrap(BoxBody::new(actix_web::body::BodyStream::new(stream))));
        tx.send(Ok(Bytes::from_static(b"frame"))).unwrap();
        let first = futures_util::future::poll_fn(|cx| body.as_mut().poll_next(cx)).await;
        assert_eq!(first.unwrap().unwrap(), Bytes::from_static(b"frame"));
        // Waiting for the next frame, the body is cut from elsewhere: it wakes and ends.
        let waiting = futures_util::future::poll_fn(|cx| body.as_mut().poll_next(cx));
        let cutter = cut.clone();
        tokio::spawn(async move { cutter.now() });
        assert!(waiting.await.unwrap().is_err(), "a cut body ends with an error");
    }

    fn tokio_stream_from(
        mut rx: tokio::sync::mpsc::UnboundedReceiver<Result<Bytes, std::io::Error>>,
    ) -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>> {
        futures_util::stream::poll_fn(move |cx| rx.poll_recv(cx)).boxed_local()
    }
}
