//! `arbiter`: the tournament server and its tools.

use arbiter_server::{config::Settings, startup};

/// jemalloc, measured against glibc malloc and mimalloc by `benches/memory.rs`
/// (240 sign-ups, 48 at a time; argon2id allocates 19 MiB per hash): peak
/// 85 MiB and 47 MiB after, against glibc's 1.16 GiB kept by its per-thread
/// arenas and mimalloc's 119/61 MiB with a higher idle footprint (55 MiB vs 41).
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;
use clap::{Parser, Subcommand};

/// Arbiter: Swiss and round-robin tournaments with live boards.
#[derive(Parser)]
#[command(name = "arbiter", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: Settings,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server (the default).
    Serve(Box<Settings>),
    /// Create a sample 40K event (24 players, 5 rounds) and play it through the HTTP API.
    Demo(arbiter_server::demo::DemoArgs),
    /// Rating maintenance: `arbiter ratings rebuild`.
    Ratings {
        #[command(subcommand)]
        command: arbiter_server::ratings_cli::RatingsCommand,
    },
    /// Pair the next round of a TRF file by the FIDE (Dutch) System:
    /// `arbiter pair --dutch IN.trf -p [OUT]` (exit 0 paired, 1 no legal pairing, 3 invalid input).
    Pair(arbiter_server::pairing_cli::PairArgs),
    /// Re-pair every round of a played TRF tournament and list the rounds paired differently.
    Check(arbiter_server::pairing_cli::CheckArgs),
    /// Write a consistent copy of the database while the server runs:
    /// `arbiter backup backups/friday.db` (SQLite; PostgreSQL through `pg_dump`).
    Backup(arbiter_server::backup::BackupArgs),
    /// Put a backup in place of the database: `arbiter restore backups/friday.db`
    /// (refuses to replace a database holding data without `--force`).
    Restore(arbiter_server::backup::RestoreArgs),
    /// Apply database migrations and exit.
    Migrate {
        /// Database URL.
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/arbiter.db?mode=rwc")]
        database_url: String,
    },
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        None => serve(cli.serve).await,
        Some(Command::Serve(settings)) => serve(*settings).await,
        Some(Command::Demo(args)) => {
            startup::init_tracing("warn", false);
            arbiter_server::demo::run(args).await
        }
        Some(Command::Ratings { command }) => {
            startup::init_tracing("warn", false);
            arbiter_server::ratings_cli::run(command).await
        }
        Some(Command::Pair(args)) => finish(arbiter_server::pairing_cli::pair(&args)),
        Some(Command::Check(args)) => finish(arbiter_server::pairing_cli::check(&args)),
        Some(Command::Backup(args)) => {
            startup::init_tracing("warn", false);
            arbiter_server::backup::backup(&args).await
        }
        Some(Command::Restore(args)) => {
            startup::init_tracing("warn", false);
            arbiter_server::backup::restore(&args).await
        }
        Some(Command::Migrate { database_url }) => {
            startup::init_tracing("info", false);
            arbiter_server::store::Store::connect(&database_url).await?;
            println!("database is up to date");
            Ok(())
        }
    }
}

/// Prints a file command's output and exits with its code.
fn finish((stdout, stderr, outcome): (String, String, arbiter_server::pairing_cli::Outcome)) -> ! {
    use std::io::Write as _;
    print!("{stdout}");
    if !stderr.is_empty() {
        eprintln!("{stderr}");
    }
    let _ = std::io::stdout().flush();
    std::process::exit(outcome.code())
}

async fn serve(settings: Settings) -> anyhow::Result<()> {
    startup::init_tracing(&settings.log, settings.log_json);
    let app = startup::Application::build(settings.clone()).await?;
    let address = settings.listen_address();
    tracing::info!(
        bind = %address,
        port = app.port(),
        database = app.state().ctx.store.backend_name(),
        bus = app.state().ctx.bus.name(),
        "arbiter listening on http://{address}"
    );
    if settings.lan {
        let addresses = arbiter_server::lan::addresses();
        println!("{}", arbiter_server::lan::banner(app.port(), &addresses, settings.public_url.as_ref()));
    }
    if let Some(every) = settings.backup_every {
        tracing::info!(
            every_secs = every.as_secs(),
            dir = %settings.backup_dir.display(),
            keep = settings.backup_keep,
            "writing backups while serving"
        );
    }
    app.run_until_stopped().await?;
    Ok(())
}
