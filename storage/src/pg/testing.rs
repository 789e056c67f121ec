//! A real PostgreSQL server for tests and benches: `initdb` into a temporary directory,
//! `postgres` listening on a Unix socket there (no TCP port to collide on), PostgreSQL's
//! default durability (fsync on). As root it runs as `nobody` (PostgreSQL refuses root).
//! Stopped and removed on drop, and when the process that started it exits: the server
//! runs under a small shell that stops it and removes its directory when that process
//! dies (its parent-death signal), so an aborted test run leaves nothing behind.
//!
//! Where no server binaries are found, [`PgServer::start`] fails with the sentence
//! saying what to install: a test using it fails, never passes silently.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The database role the tests connect as (the server's superuser).
pub const TEST_USER: &str = "capomaestro";
/// The socket "port" (it names the socket file; nothing listens on TCP).
const PORT: u16 = 5432;

/// A PostgreSQL server of its own in a temporary directory.
pub struct PgServer {
    /// The temporary directory (`data/` and the socket), owned by the server's user.
    dir: PathBuf,
    /// The shell that runs `postgres` and cleans up after it.
    shell: Child,
    /// The port: names the socket file, and the TCP port of a server started with TLS.
    port: u16,
}

/// A certificate and its private key (PEM) for a server with TLS on.
pub struct ServerCert<'a> {
    pub cert_pem: &'a str,
    pub key_pem: &'a str,
}

/// Where the server binaries are: `CAPOMAESTRO_PG_BIN`, else the newest
/// `/usr/lib/postgresql/<version>/bin` (Debian), else `initdb` on the `PATH`.
pub fn server_bin_dir() -> Result<PathBuf, String> {
    server_bin_dir_in(
        std::env::var_os("CAPOMAESTRO_PG_BIN").map(PathBuf::from),
        Path::new("/usr/lib/postgresql"),
        std::env::var_os("PATH"),
    )
}

/// The sentence a test fails with where no server can be found.
pub const MISSING_SERVER: &str = "No PostgreSQL server was found for the tests (no initdb in \
     /usr/lib/postgresql/*/bin or on the PATH): install it with `apt-get install postgresql`.";

/// [`server_bin_dir`] over the given places (tested without touching the environment).
fn server_bin_dir_in(
    chosen: Option<PathBuf>,
    debian: &Path,
    path: Option<std::ffi::OsString>,
) -> Result<PathBuf, String> {
    if let Some(dir) = chosen {
        return if dir.join("initdb").is_file() {
            Ok(dir)
        } else {
            Err(MISSING_SERVER.into())
        };
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir(debian)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    found.sort();
    if let Some((_, bin)) = found.pop() {
        return Ok(bin);
    }
    path.iter()
        .flat_map(std::env::split_paths)
        .find(|d| d.join("initdb").is_file() && d.join("postgres").is_file())
        .ok_or_else(|| MISSING_SERVER.into())
}

/// The unprivileged user the server runs as when we are root: (uid, gid).
fn server_user() -> Option<(u32, u32)> {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return None;
    }
    // `nobody` (65534 on Debian); looked up so another numbering works too.
    let name = c"nobody";
    // SAFETY: a valid C string; the result is read at once, before any other call.
    let pw = unsafe { libc::getpwnam(name.as_ptr()) };
    if pw.is_null() {
        return Some((65534, 65534));
    }
    // SAFETY: non-null result of getpwnam.
    unsafe { Some(((*pw).pw_uid, (*pw).pw_gid)) }
}

/// A command run as `user` (when set), killed with `death_signal` if the thread that
/// spawned it ends.
fn command_as(program: &Path, user: Option<(u32, u32)>, death_signal: Option<i32>) -> Command {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(program);
    // SAFETY: only async-signal-safe calls (setgroups, setgid, setuid, prctl) between
    // fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            if let Some((uid, gid)) = user {
                if libc::setgroups(0, std::ptr::null()) != 0
                    || libc::setgid(gid) != 0
                    || libc::setuid(uid) != 0
                {
                    return Err(std::io::Error::last_os_error());
                }
            }
            // After the uid change (which clears it).
            if let Some(signal) = death_signal {
                if libc::prctl(libc::PR_SET_PDEATHSIG, signal as libc::c_ulong) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    cmd
}

impl PgServer {
    /// Creates a cluster in a new temporary directory and starts its server; returns
    /// once it accepts connections. The server lives as long as the value, and at most
    /// as long as the thread that called this (see the module's documentation).
    pub fn start() -> Result<PgServer, String> {
        PgServer::start_with(None)
    }

    /// [`PgServer::start`], also listening on 127.0.0.1 (a free port, [`PgServer::port`])
    /// with `ssl = on` and the given certificate; the Unix socket stays, in clear.
    pub fn start_tls(cert: ServerCert<'_>) -> Result<PgServer, String> {
        PgServer::start_with(Some(cert))
    }

    fn start_with(tls: Option<ServerCert<'_>>) -> Result<PgServer, String> {
        let bin = server_bin_dir()?;
        let user = server_user();
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "capomaestro-pg-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        if let Some((uid, gid)) = user {
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid))
                .map_err(|e| format!("chown {}: {e}", dir.display()))?;
        }
        let data = dir.join("data");
        let out = command_as(&bin.join("initdb"), user, Some(libc::SIGKILL))
            .arg("-D")
            .arg(&data)
            .args([
                "-U",
                TEST_USER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-instructions",
            ])
            .env("LC_ALL", "C")
            .current_dir(&dir)
            .output()
            .map_err(|e| format!("initdb could not run: {e}"))?;
        if !out.status.success() {
            let _ = std::fs::remove_dir_all(&dir);
            return Err(format!(
                "initdb failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let (port, listen) = match &tls {
            None => (PORT, "''".to_string()),
            Some(cert) => {
                write_server_cert(&dir, cert, user)?;
                let port = free_port()?;
                let files = "-c ssl=on -c ssl_cert_file=\"$0/server.crt\" \
                             -c ssl_key_file=\"$0/server.key\"";
                (port, format!("127.0.0.1 {files}"))
            }
        };
        // The shell stops the server (fast shutdown) and removes the directory when it is
        // told to (drop) or when the thread that started it dies (parent-death signal).
        let script = format!(
            "trap 'kill -INT $pid; wait $pid; rm -rf \"$0\"; exit 0' TERM INT HUP; \
             \"{postgres}\" -D \"$0/data\" -k \"$0\" -c listen_addresses={listen} \
             -p {port} -c max_connections=200 -c shared_buffers=32MB & pid=$!; wait $pid",
            postgres = bin.join("postgres").display(),
        );
        let shell = command_as(Path::new("/bin/sh"), user, Some(libc::SIGTERM))
            .arg("-c")
            .arg(script)
            .arg(&dir)
            .env("LC_ALL", "C")
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("postgres could not start: {e}"))?;
        let mut server = PgServer { dir, shell, port };
        server.wait_ready()?;
        Ok(server)
    }

    /// Waits until the server's socket answers (`pg_isready`-like: a connection).
    fn wait_ready(&mut self) -> Result<(), String> {
        let socket = self.dir.join(format!(".s.PGSQL.{}", self.port));
        let started = Instant::now();
        loop {
            if let Ok(Some(status)) = self.shell.try_wait() {
                return Err(format!("postgres stopped at start ({status})"));
            }
            if socket.exists() && self.connect("postgres").is_ok() {
                return Ok(());
            }
            if started.elapsed() > Duration::from_secs(60) {
                return Err("postgres did not accept connections within 60 s".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn connect(&self, dbname: &str) -> Result<(), String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        runtime.block_on(async {
            let (client, connection) = self
                .config(dbname)
                .connect(tokio_postgres::NoTls)
                .await
                .map_err(|e| e.to_string())?;
            drop(client);
            let _ = connection.await;
            Ok(())
        })
    }

    /// The port (TCP on 127.0.0.1 for a server started with TLS).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The directory holding the server's socket.
    pub fn socket_dir(&self) -> &Path {
        &self.dir
    }

    /// The connection settings for a database of this server.
    pub fn config(&self, dbname: &str) -> tokio_postgres::Config {
        let mut config = tokio_postgres::Config::new();
        config
            .host_path(&self.dir)
            .port(self.port)
            .user(TEST_USER)
            .dbname(dbname);
        config
    }

    /// A connection string (`key=value` form) for a database of this server.
    pub fn url(&self, dbname: &str) -> String {
        format!(
            "host={} port={} user={TEST_USER} dbname={dbname}",
            self.dir.display(),
            self.port
        )
    }

    /// A connection string to a new, empty schema of its own (a fresh store for one
    /// test: schemas are much quicker to make than databases). `prefix` names it.
    pub fn fresh_schema_url(&self, prefix: &str) -> Result<String, String> {
        static N: AtomicU64 = AtomicU64::new(0);
        let schema = format!("{prefix}_{}", N.fetch_add(1, Ordering::Relaxed));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        runtime.block_on(async {
            let (client, connection) = self
                .config("postgres")
                .connect(tokio_postgres::NoTls)
                .await
                .map_err(|e| e.to_string())?;
            let task = tokio::spawn(connection);
            let made = client
                .batch_execute(&format!("CREATE SCHEMA \"{schema}\""))
                .await
                .map_err(|e| e.to_string());
            drop(client);
            let _ = task.await;
            made
        })?;
        Ok(format!(
            "{} options='-c search_path={schema}'",
            self.url("postgres")
        ))
    }
}

/// Writes the server's certificate and key into its directory (`server.crt`,
/// `server.key`), owned by the server's user, the key readable by it alone (PostgreSQL
/// refuses a key others can read).
fn write_server_cert(
    dir: &Path,
    cert: &ServerCert<'_>,
    user: Option<(u32, u32)>,
) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    for (name, pem, mode) in [
        ("server.crt", cert.cert_pem, 0o644),
        ("server.key", cert.key_pem, 0o600),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, pem).map_err(|e| format!("{}: {e}", path.display()))?;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some((uid, gid)) = user {
            std::os::unix::fs::chown(&path, Some(uid), Some(gid))
                .map_err(|e| format!("chown {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// A TCP port free on 127.0.0.1 just now (the kernel's pick).
fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}

impl Drop for PgServer {
    fn drop(&mut self) {
        // SAFETY: signalling our own child by its id.
        unsafe {
            libc::kill(self.shell.id() as libc::pid_t, libc::SIGTERM);
        }
        let _ = self.shell.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One server shared by the tests of a process: started on first use on a thread that
/// lives as long as the process (so it stops when the process exits, not when the
/// first test's thread ends). A failure to start is the error every caller gets.
pub fn shared() -> Result<&'static PgServer, String> {
    static SERVER: OnceLock<Result<PgServer, String>> = OnceLock::new();
    SERVER
        .get_or_init(|| {
            let (tx, rx) = std::sync::mpsc::channel();
            let spawned = std::thread::Builder::new()
                .name("pg-test-server".into())
                .spawn(move || {
                    let _ = tx.send(PgServer::start());
                    // Keep this thread (the server's parent-death anchor) alive.
                    loop {
                        std::thread::park();
                    }
                });
            match spawned {
                Ok(_) => rx
                    .recv()
                    .unwrap_or_else(|_| Err("the server thread ended".into())),
                Err(e) => Err(e.to_string()),
            }
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// A connection string to a fresh schema of the shared server (see [`shared`]).
pub fn fresh_url() -> Result<String, String> {
    shared()?.fresh_schema_url("t")
}

/// A plain session of its own on a database (not a store's), on a small runtime: for a
/// test that holds a row lock in an open transaction, as an operator's `psql` would.
pub struct Session {
    runtime: tokio::runtime::Runtime,
    client: tokio_postgres::Client,
}

impl Session {
    /// Connects to `url`; panics if it cannot (a test's setup).
    pub fn connect(url: &str) -> Session {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let client = runtime.block_on(async {
            let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
                .await
                .expect("a test session connects");
            tokio::spawn(connection);
            client
        });
        Session { runtime, client }
    }

    /// Runs `sql` (one or several statements); panics on an error.
    pub fn run(&self, sql: &str) {
        self.runtime
            .block_on(self.client.batch_execute(sql))
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// How many sessions wait for a lock this session holds.
    pub fn waiting_on_me(&self) -> i64 {
        self.runtime
            .block_on(self.client.query_one(
                "SELECT count(*) FROM pg_stat_activity \
                 WHERE pg_backend_pid() = ANY (pg_blocking_pids(pid))",
                &[],
            ))
            .map(|row| row.get(0))
            .unwrap_or_else(|e| panic!("pg_stat_activity: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_server_binaries_is_an_error_saying_what_to_install() {
        let empty = tempfile::tempdir().unwrap();
        let err = server_bin_dir_in(None, empty.path(), Some(empty.path().into())).unwrap_err();
        assert!(err.contains("apt-get install postgresql"), "{err}");
        let err = server_bin_dir_in(Some(empty.path().into()), empty.path(), None).unwrap_err();
        assert_eq!(err, MISSING_SERVER);
        // The newest Debian version wins.
        for v in ["13", "15", "9"] {
            let bin = empty.path().join(v).join("bin");
            std::fs::create_dir_all(&bin).unwrap();
            std::fs::write(bin.join("initdb"), "").unwrap();
        }
        assert_eq!(
            server_bin_dir_in(None, empty.path(), None).unwrap(),
            empty.path().join("15/bin")
        );
    }
}
