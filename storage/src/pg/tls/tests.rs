//! `sslmode` read from both url forms, and carried out against a real server with
//! `ssl = on` and a certificate made here (the `pg-testing` server).

use super::*;

#[test]
fn tls_keys_are_taken_out_of_both_url_forms() {
    let (rest, mode, root) = take_tls_keys(
        "host=db.example user=bot sslmode=verify-full sslrootcert='/etc/ca dir/ca.pem' \
         options='-c search_path=x'",
    )
    .unwrap();
    assert_eq!(mode, Some(Mode::VerifyFull));
    assert_eq!(root.as_deref(), Some("/etc/ca dir/ca.pem"));
    let config: tokio_postgres::Config = rest.parse().unwrap();
    assert_eq!(config.get_options(), Some("-c search_path=x"));
    assert_eq!(config.get_user(), Some("bot"));
    let (rest, mode, root) = take_tls_keys(
        "postgres://bot:pw@db.example/cm?sslmode=require&application_name=a&sslrootcert=%2Fca.pem",
    )
    .unwrap();
    assert_eq!(
        (mode, root.as_deref()),
        (Some(Mode::Require), Some("/ca.pem"))
    );
    assert_eq!(rest, "postgres://bot:pw@db.example/cm?application_name=a");
    assert!(take_tls_keys("host=db sslmode=sometimes").is_err());
    // A CA file named with `require` checks the chain; a Unix socket is never encrypted.
    let (config, _) = settings("host=db.example sslmode=require").unwrap();
    assert_eq!(config.get_ssl_mode(), SslMode::Require);
    let (config, _) = settings("host=/run/postgresql sslmode=verify-full").unwrap();
    assert_eq!(config.get_ssl_mode(), SslMode::Disable);
    let (config, _) = settings("host=db.example").unwrap();
    assert_eq!(config.get_ssl_mode(), SslMode::Prefer);
}

/// A CA, and a server certificate it signed for `localhost` alone.
fn certificates() -> (String, String, String) {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(rcgen::DnType::CommonName, "capomaestro test CA");
    let ca = ca.self_signed(&ca_key).unwrap();
    let key = rcgen::KeyPair::generate().unwrap();
    let server = rcgen::CertificateParams::new(vec!["localhost".to_string()])
        .unwrap()
        .signed_by(&key, &ca, &ca_key)
        .unwrap();
    (ca.pem(), server.pem(), key.serialize_pem())
}

/// Connects with `url`'s settings and asks the server whether this session is
/// encrypted (`pg_stat_ssl`).
fn encrypted(url: &str) -> Result<bool, String> {
    let (config, tls) = settings(url).map_err(|e| e.to_string())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let (client, connection) = config.connect(tls).await.map_err(|e| format!("{e:?}"))?;
        let task = tokio::spawn(connection);
        let row = client
            .query_one(
                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                &[],
            )
            .await
            .map_err(|e| e.to_string())?;
        drop(client);
        let _ = task.await;
        Ok(row.get(0))
    })
}

#[test]
fn sslmode_is_honoured_against_a_server_with_tls() {
    let (ca, cert, key) = certificates();
    let server = crate::pg::testing::PgServer::start_tls(crate::pg::testing::ServerCert {
        cert_pem: &cert,
        key_pem: &key,
    })
    .unwrap_or_else(|why| panic!("{why}"));
    let files = tempfile::tempdir().unwrap();
    let ca_file = files.path().join("ca.pem");
    std::fs::write(&ca_file, &ca).unwrap();
    let other_ca = files.path().join("other.pem");
    std::fs::write(&other_ca, certificates().0).unwrap();
    let port = server.port();
    let user = crate::pg::testing::TEST_USER;
    // `localhost` is the certificate's name; the address is given, so no lookup.
    let named =
        format!("host=localhost hostaddr=127.0.0.1 port={port} user={user} dbname=postgres");
    let by_ip = format!("host=127.0.0.1 port={port} user={user} dbname=postgres");
    let ca = ca_file.display();

    assert_eq!(encrypted(&format!("{by_ip} sslmode=disable")), Ok(false));
    assert_eq!(encrypted(&by_ip), Ok(true), "prefer, the default");
    assert_eq!(encrypted(&format!("{by_ip} sslmode=require")), Ok(true));
    assert_eq!(
        encrypted(&format!("{named} sslmode=verify-full sslrootcert={ca}")),
        Ok(true)
    );
    assert_eq!(
        encrypted(&format!("{by_ip} sslmode=verify-ca sslrootcert={ca}")),
        Ok(true),
        "verify-ca does not check the name"
    );
    // The wrong name, another CA (of the same name), the public roots alone: refused.
    let refused = |url: String, why: &str| {
        let err = encrypted(&url).expect_err(&url);
        assert!(err.contains(why), "{url}: {err}");
    };
    refused(
        format!("{by_ip} sslmode=verify-full sslrootcert={ca}"),
        "NotValidForName",
    );
    refused(
        format!(
            "postgresql://{user}@127.0.0.1:{port}/postgres?sslmode=verify-full&sslrootcert={ca}"
        ),
        "NotValidForName",
    );
    refused(
        format!(
            "{named} sslmode=verify-full sslrootcert={}",
            other_ca.display()
        ),
        "BadSignature",
    );
    refused(format!("{named} sslmode=verify-ca"), "UnknownIssuer");
    refused(
        format!("{named} sslmode=require sslrootcert={}", other_ca.display()),
        "BadSignature",
    );

    // The store itself: every pooled connection, and the lock's own, encrypted.
    let store =
        crate::PgStore::open(&format!("{named} sslmode=verify-full sslrootcert={ca}"), 2).unwrap();
    let pool = store.pool();
    let ssl = store
        .run(async move {
            let client = pool.get().await.map_err(crate::pg::pool_error)?;
            let row = client
                .query_one(
                    "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                    &[],
                )
                .await
                .map_err(crate::pg::db)?;
            Ok(row.get::<_, bool>(0))
        })
        .unwrap();
    assert!(ssl, "the pool's connection is encrypted");
    let mut ran = false;
    assert!(crate::Store::exclusively(&store, "tls", &mut || ran = true).unwrap());
    assert!(ran);
}
