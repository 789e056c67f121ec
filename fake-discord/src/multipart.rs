//! A small `multipart/form-data` parser: enough for serenity's `payload_json` + `files[n]`.

/// One part of a multipart body.
pub struct Part {
    /// The form field name (`payload_json`, `files[0]`, ...).
    pub name: String,
    /// The file name, for file parts.
    pub filename: Option<String>,
    /// The part's content type, if given.
    pub content_type: Option<String>,
    /// The part's bytes.
    pub bytes: Vec<u8>,
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// Splits a body on `--boundary`; `None` if it is not well formed.
pub fn parse(body: &[u8], boundary: &str) -> Option<Vec<Part>> {
    let delimiter = format!("--{boundary}");
    let mut parts = Vec::new();
    let mut pos = find(body, delimiter.as_bytes(), 0)? + delimiter.len();
    loop {
        if body.get(pos..pos + 2) == Some(b"--") {
            return Some(parts);
        }
        pos = find(body, b"\r\n", pos)? + 2;
        let headers_end = find(body, b"\r\n\r\n", pos)?;
        let headers = std::str::from_utf8(&body[pos..headers_end]).ok()?;
        let content_start = headers_end + 4;
        let next = find(body, format!("\r\n{delimiter}").as_bytes(), content_start)?;
        let mut part = Part {
            name: String::new(),
            filename: None,
            content_type: None,
            bytes: body[content_start..next].to_vec(),
        };
        for line in headers.split("\r\n") {
            let Some((key, value)) = line.split_once(':') else {
                continue;
            };
            match key.trim().to_ascii_lowercase().as_str() {
                "content-disposition" => {
                    for param in value.split(';').map(str::trim) {
                        if let Some(v) = param.strip_prefix("name=") {
                            part.name = v.trim_matches('"').to_owned();
                        } else if let Some(v) = param.strip_prefix("filename=") {
                            part.filename = Some(v.trim_matches('"').to_owned());
                        }
                    }
                }
                "content-type" => part.content_type = Some(value.trim().to_owned()),
                _ => {}
            }
        }
        parts.push(part);
        pos = next + 2 + delimiter.len();
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn splits_json_and_file_parts() {
        let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"board.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--XyZ\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"content\":\"hi\"}\r\n--XyZ--\r\n";
        let parts = parse(body, "XyZ").expect("well formed");
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].name, "files[0]");
        assert_eq!(parts[0].filename.as_deref(), Some("board.png"));
        assert_eq!(parts[0].content_type.as_deref(), Some("image/png"));
        assert_eq!(parts[0].bytes, b"\x89PNG");
        assert_eq!(parts[1].name, "payload_json");
        assert_eq!(parts[1].bytes, b"{\"content\":\"hi\"}");
    }
}
