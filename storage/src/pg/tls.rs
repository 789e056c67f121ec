//! TLS to PostgreSQL, chosen by the connection url's `sslmode` as libpq reads it, with
//! rustls: `disable` (clear text), `prefer` (the default: encrypted when the server
//! offers it, the certificate not checked), `require` (encrypted or no connection; the
//! certificate checked as for `verify-ca` when `sslrootcert` names a CA file),
//! `verify-ca` (the server's certificate must chain to a trusted CA) and `verify-full`
//! (that, and be made out to the host name connected to). Trusted CAs: the PEM file
//! `sslrootcert` names, else the Mozilla roots (webpki-roots; also `sslrootcert=system`).
//! A connection over a Unix socket is never encrypted, whatever the mode (as libpq).

use crate::StoreError;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::WebPkiServerVerifier;
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::config::{Host, SslMode};
use tokio_postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect, TlsStream};

/// How a connection is protected (the url's `sslmode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Disable,
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

impl Mode {
    fn parse(value: &str) -> Result<Mode, StoreError> {
        Ok(match value {
            "disable" => Mode::Disable,
            "allow" | "prefer" => Mode::Prefer,
            "require" => Mode::Require,
            "verify-ca" => Mode::VerifyCa,
            "verify-full" => Mode::VerifyFull,
            other => {
                return Err(StoreError::Backend(format!(
                    "the database url's sslmode `{other}` is not one of disable, prefer, \
                     require, verify-ca, verify-full"
                )))
            }
        })
    }
}

/// The connection settings of a url (without the TLS keys the driver does not read)
/// and the TLS connector that carries out its `sslmode`.
pub(crate) fn settings(url: &str) -> Result<(tokio_postgres::Config, MakeRustls), StoreError> {
    let (rest, mode, root) = take_tls_keys(url)?;
    let mut config: tokio_postgres::Config = rest
        .parse()
        .map_err(|e| StoreError::Backend(format!("the database url is not valid: {e}")))?;
    let sockets_only = config
        .get_hosts()
        .iter()
        .all(|h| !matches!(h, Host::Tcp(_)))
        && config.get_hostaddrs().is_empty();
    let mut mode = mode.unwrap_or(Mode::Prefer);
    if sockets_only {
        mode = Mode::Disable;
    }
    // libpq: `require` with a CA file given checks the chain, as `verify-ca`.
    if mode == Mode::Require && root.as_deref().is_some_and(|r| r != "system") {
        mode = Mode::VerifyCa;
    }
    config.ssl_mode(match mode {
        Mode::Disable => SslMode::Disable,
        Mode::Prefer => SslMode::Prefer,
        _ => SslMode::Require,
    });
    let tls = MakeRustls(Arc::new(client_config(mode, root.as_deref())?));
    Ok((config, tls))
}

/// `url` without its `sslmode` and `sslrootcert` (which tokio-postgres refuses or
/// ignores), and their values. Both forms: `postgres://…?sslmode=…&…` and `key=value`.
fn take_tls_keys(url: &str) -> Result<(String, Option<Mode>, Option<String>), StoreError> {
    let mut mode = None;
    let mut root = None;
    let mut take = |key: &str, value: String| -> Result<bool, StoreError> {
        match key {
            "sslmode" => mode = Some(Mode::parse(&value)?),
            "sslrootcert" => root = Some(value),
            _ => return Ok(false),
        }
        Ok(true)
    };
    let is_url = url.starts_with("postgres://") || url.starts_with("postgresql://");
    let rest = if is_url {
        match url.split_once('?') {
            None => url.to_string(),
            Some((base, query)) => {
                let mut kept = Vec::new();
                for pair in query.split('&').filter(|p| !p.is_empty()) {
                    let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
                    if !take(key, percent_decoded(value))? {
                        kept.push(pair);
                    }
                }
                if kept.is_empty() {
                    base.to_string()
                } else {
                    format!("{base}?{}", kept.join("&"))
                }
            }
        }
    } else {
        let mut kept = Vec::new();
        for (key, value) in key_values(url)? {
            if !take(&key, value.clone())? {
                let quoted = value.replace('\\', "\\\\").replace('\'', "\\'");
                kept.push(format!("{key}='{quoted}'"));
            }
        }
        kept.join(" ")
    };
    Ok((rest, mode, root))
}

/// The pairs of a `key=value` connection string (values quoted with `'…'` or bare,
/// backslash escapes in both), as libpq reads them.
fn key_values(s: &str) -> Result<Vec<(String, String)>, StoreError> {
    let bad = || StoreError::Backend(format!("the database url is not valid: `{s}`"));
    let mut out = Vec::new();
    let mut chars = s.chars().peekable();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if chars.peek().is_none() {
            return Ok(out);
        }
        let mut key = String::new();
        while let Some(c) = chars.next_if(|c| *c != '=' && !c.is_whitespace()) {
            key.push(c);
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if chars.next() != Some('=') || key.is_empty() {
            return Err(bad());
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let mut value = String::new();
        if chars.next_if_eq(&'\'').is_some() {
            loop {
                match chars.next().ok_or_else(bad)? {
                    '\'' => break,
                    '\\' => value.push(chars.next().ok_or_else(bad)?),
                    c => value.push(c),
                }
            }
        } else {
            while let Some(c) = chars.next_if(|c| !c.is_whitespace()) {
                if c == '\\' {
                    value.push(chars.next().ok_or_else(bad)?);
                } else {
                    value.push(c);
                }
            }
        }
        out.push((key, value));
    }
}

/// `%XX` escapes of a url's query value decoded (anything else kept as it is).
fn percent_decoded(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The rustls settings for `mode`, trusting the CAs of the PEM file `root` (else the
/// Mozilla roots).
fn client_config(mode: Mode, root: Option<&str>) -> Result<rustls::ClientConfig, StoreError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| StoreError::Backend(format!("TLS settings: {e}")))?;
    let verifier: Arc<dyn ServerCertVerifier> = match mode {
        Mode::Disable | Mode::Prefer | Mode::Require => Arc::new(Unchecked(provider)),
        Mode::VerifyCa | Mode::VerifyFull => {
            let mut roots = rustls::RootCertStore::empty();
            match root.filter(|r| *r != "system") {
                Some(path) => {
                    let unreadable = |e: &dyn std::fmt::Display| {
                        StoreError::Backend(format!(
                            "the database's CA file (sslrootcert) {path} cannot be read: {e}"
                        ))
                    };
                    for cert in CertificateDer::pem_file_iter(path).map_err(|e| unreadable(&e))? {
                        roots
                            .add(cert.map_err(|e| unreadable(&e))?)
                            .map_err(|e| unreadable(&e))?;
                    }
                    if roots.is_empty() {
                        return Err(unreadable(&"it holds no certificate"));
                    }
                }
                None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
            }
            let checked = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider)
                .build()
                .map_err(|e| StoreError::Backend(format!("TLS settings: {e}")))?;
            if mode == Mode::VerifyFull {
                checked
            } else {
                Arc::new(AnyName(checked))
            }
        }
    };
    Ok(builder
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth())
}

/// `prefer` and `require`: the certificate is not checked (libpq's meaning), but the
/// handshake's signatures are, so the session is encrypted with the certificate's key.
#[derive(Debug)]
struct Unchecked(Arc<CryptoProvider>);

impl ServerCertVerifier for Unchecked {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// `verify-ca`: the chain to a trusted CA is checked, the host name is not.
#[derive(Debug)]
struct AnyName(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for AnyName {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        // The chain is checked before the name: a name error means the chain was good.
        match self
            .0
            .verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

/// The driver's TLS connector: rustls with the settings of the url's `sslmode`.
#[derive(Clone)]
pub(crate) struct MakeRustls(Arc<rustls::ClientConfig>);

impl<S> MakeTlsConnect<S> for MakeRustls
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = Rustls<S>;
    type TlsConnect = RustlsConnect;
    type Error = io::Error;

    fn make_tls_connect(&mut self, host: &str) -> Result<RustlsConnect, Self::Error> {
        // Asked for every connection, a Unix socket's too (an empty host, never used for
        // TLS): a name that is not one fails only if a handshake is tried.
        Ok(RustlsConnect {
            config: self.0.clone(),
            name: ServerName::try_from(host.to_string()).ok(),
        })
    }
}

/// One connection's handshake to `name`.
pub(crate) struct RustlsConnect {
    config: Arc<rustls::ClientConfig>,
    name: Option<ServerName<'static>>,
}

impl<S> TlsConnect<S> for RustlsConnect
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = Rustls<S>;
    type Error = io::Error;
    type Future = Pin<Box<dyn Future<Output = io::Result<Rustls<S>>> + Send>>;

    fn connect(self, stream: S) -> Self::Future {
        Box::pin(async move {
            let name = self.name.ok_or_else(|| {
                io::Error::new(io::ErrorKind::InvalidInput, "not a host name for TLS")
            })?;
            tokio_rustls::TlsConnector::from(self.config)
                .connect(name, stream)
                .await
                .map(Rustls)
        })
    }
}

/// An encrypted connection.
pub(crate) struct Rustls<S>(tokio_rustls::client::TlsStream<S>);

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for Rustls<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for Rustls<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> TlsStream for Rustls<S> {
    fn channel_binding(&self) -> ChannelBinding {
        // SCRAM without channel binding (the driver's `prefer` then does without).
        ChannelBinding::none()
    }
}

#[cfg(test)]
mod tests;
