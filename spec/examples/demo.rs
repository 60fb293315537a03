//! The spec at work: key generation from a seed, signing, verification, and
//! the sizes of FIPS 204 Table 2, for the three parameter sets.
//!
//! `cargo run --release -p mldsa-spec --example demo [message]`

use mldsa_spec::{ML_DSA_44, ML_DSA_65, ML_DSA_87, ml_dsa_key_gen, ml_dsa_sign, ml_dsa_verify};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn main() {
    let message = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "FIPS 204, section 5".to_string());
    let ctx = b"mldsa-spec demo";
    // A fixed seed, so the output is reproducible; a real key needs 32 random bytes.
    let xi = [0x42u8; 32];
    println!(
        "message: {message:?}, context: {:?}",
        String::from_utf8_lossy(ctx)
    );
    for params in [ML_DSA_44, ML_DSA_65, ML_DSA_87] {
        let (pk, sk) = ml_dsa_key_gen(&params, Some(xi)).expect("seed given");
        let sigma = ml_dsa_sign(&params, &sk, message.as_bytes(), ctx, Some([0u8; 32]))
            .expect("valid key and context");
        let valid = ml_dsa_verify(&params, &pk, message.as_bytes(), &sigma, ctx) == Ok(true);
        let mut forged = sigma.clone();
        forged[0] ^= 1;
        let forged_valid =
            ml_dsa_verify(&params, &pk, message.as_bytes(), &forged, ctx) == Ok(true);
        println!(
            "{}: pk {} bytes, sk {} bytes, signature {} bytes; verify: {valid}; with one bit flipped: {forged_valid}",
            params.name(),
            pk.len(),
            sk.len(),
            sigma.len()
        );
        println!(
            "  pk[..16] = {}  sig[..16] = {}",
            hex(&pk[..16]),
            hex(&sigma[..16])
        );
        assert!(valid && !forged_valid);
    }
}
