//! Join codes: short, easy to read aloud and type (no 0/O or 1/I/L), drawn from the system's
//! random source so they cannot be guessed from one another.

/// Letters and digits that cannot be mistaken for one another.
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// Characters in a code, shown as two groups of four (`K7QF-2MXR`): about 40 bits.
const LENGTH: usize = 8;

/// A fresh join code.
pub fn new_code() -> String {
    let mut raw = [0u8; LENGTH];
    fill(&mut raw);
    let mut code = String::with_capacity(LENGTH + 1);
    for (i, b) in raw.iter().enumerate() {
        if i == LENGTH / 2 {
            code.push('-');
        }
        // 256 is not a multiple of 31: the first letters come up a hair more often, which
        // costs well under a bit of the code's 40.
        code.push(char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]));
    }
    code
}

/// A code as typed: upper case, spaces dropped, the dash put back where it belongs.
pub fn normalise(typed: &str) -> String {
    let plain: String = typed
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if plain.len() == LENGTH {
        format!("{}-{}", &plain[..LENGTH / 2], &plain[LENGTH / 2..])
    } else {
        plain
    }
}

/// A secret seed for a match's dice: from the system, never from anything a client knows.
pub fn secret_seed() -> u64 {
    let mut raw = [0u8; 8];
    fill(&mut raw);
    u64::from_le_bytes(raw)
}

fn fill(buf: &mut [u8]) {
    // Without the system's random source no match can be hosted safely at all.
    getrandom::fill(buf).expect("the system's random source is available");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_however_they_are_typed() {
        let code = new_code();
        assert_eq!(code.len(), LENGTH + 1);
        assert_eq!(normalise(&code.to_lowercase().replace('-', " ")), code);
        assert_ne!(new_code(), code);
    }
}
