//! Headless Chromium through ChromeDriver (Debian's `chromium` and
//! `chromium-driver`; `scripts/services` installs them).

use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running headless browser session.
pub struct Browser {
    /// The WebDriver client.
    pub client: fantoccini::Client,
    driver: Child,
    _profile: tempfile::TempDir,
}

fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

impl Browser {
    /// Starts ChromeDriver (`ARBITER_CHROMEDRIVER` or `chromedriver` on the
    /// PATH) and opens a headless Chromium (`ARBITER_CHROMIUM` or `/usr/bin/chromium`).
    ///
    /// # Errors
    /// ChromeDriver or Chromium could not start.
    pub async fn start() -> anyhow::Result<Browser> {
        let port = free_port()?;
        let driver_bin = std::env::var("ARBITER_CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
        let driver = Command::new(&driver_bin)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| anyhow::anyhow!("starting {driver_bin} (run scripts/services to install it): {e}"))?;
        let profile = tempfile::tempdir()?;
        let chromium = std::env::var("ARBITER_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let caps = serde_json::json!({
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--no-first-run", "--disable-quic", "--window-size=1280,900",
                    format!("--user-data-dir={}", profile.path().display()),
                ]
            }
        });
        let caps = match caps {
            serde_json::Value::Object(m) => m,
            _ => serde_json::Map::new(),
        };
        let url = format!("http://127.0.0.1:{port}");
        let mut last = None;
        for _ in 0..50 {
            match fantoccini::ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
                .capabilities(caps.clone())
                .connect(&url)
                .await
            {
                Ok(client) => return Ok(Browser { client, driver, _profile: profile }),
                Err(e) => {
                    last = Some(e);
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        }
        let mut driver = driver;
        let _ = driver.kill();
        anyhow::bail!("could not open a Chromium session: {last:?}")
    }

    /// Runs `script` in the page until it returns something other than
    /// `null` or `false`, or `limit` passes — at least [`crate::WAIT`]: this
    /// waits for what must happen; that value, or `None`.
    pub async fn until(&self, script: &str, limit: Duration) -> Option<serde_json::Value> {
        let limit = limit.max(crate::WAIT);
        let start = std::time::Instant::now();
        while start.elapsed() < limit {
            if let Ok(v) = self.client.execute(script, vec![]).await {
                if !(v.is_null() || v == serde_json::Value::Bool(false)) {
                    return Some(v);
                }
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        None
    }

    /// Saves what the window shows as `DIR/name` (a PNG) when
    /// `ARBITER_SCREENSHOTS=DIR` is set; does nothing otherwise (the
    /// screenshots in `docs/` are made so).
    pub async fn save_screenshot(&self, name: &str) {
        if let Ok(dir) = std::env::var("ARBITER_SCREENSHOTS") {
            if let Ok(png) = self.client.screenshot().await {
                let _ = std::fs::write(std::path::Path::new(&dir).join(name), png);
            }
        }
    }

    /// The page printed to PDF on `size` paper (print stylesheet applied):
    /// its page count and its text, read with `pdfinfo` and `pdftotext -layout`
    /// (poppler-utils, installed by `scripts/services`). With
    /// `ARBITER_SCREENSHOTS=DIR`, its first page is also saved as
    /// `DIR/printout-VIEW.png` (`VIEW`: the results page's `show`).
    ///
    /// # Errors
    /// The browser cannot print, or the poppler tools are missing.
    pub async fn print_pdf(&self, size: fantoccini::wd::PrintSize) -> anyhow::Result<(u32, String)> {
        let config =
            fantoccini::wd::PrintConfiguration::builder().size(size).build().map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let pdf = self.client.print(config).await?;
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("page.pdf");
        std::fs::write(&path, pdf)?;
        if let Ok(shots) = std::env::var("ARBITER_SCREENSHOTS") {
            let show =
                self.client.execute("return new URLSearchParams(location.search).get('show') || 'page';", vec![]).await;
            let name = show.ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
            let png = std::path::Path::new(&shots).join(format!("printout-{name}"));
            let _ = Command::new("pdftoppm").args(["-png", "-r", "60", "-singlefile"]).arg(&path).arg(&png).status();
        }
        let info =
            Command::new("pdfinfo").arg(&path).output().map_err(|e| anyhow::anyhow!("pdfinfo (poppler-utils): {e}"))?;
        let pages = String::from_utf8_lossy(&info.stdout)
            .lines()
            .find_map(|l| l.strip_prefix("Pages:").map(|n| n.trim().parse().unwrap_or(0)))
            .unwrap_or(0);
        let text = Command::new("pdftotext")
            .arg("-layout")
            .arg(&path)
            .arg("-")
            .output()
            .map_err(|e| anyhow::anyhow!("pdftotext (poppler-utils): {e}"))?;
        Ok((pages, String::from_utf8_lossy(&text.stdout).into_owned()))
    }

    /// Closes the browser and stops ChromeDriver.
    pub async fn close(mut self) {
        let _ = self.client.clone().close().await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
    }
}
