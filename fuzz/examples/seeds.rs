//! Writes the committed seed corpus, `fuzz/seeds/<target>/`: valid keys,
//! signatures and encodings for the three parameter sets, in each target's
//! input layout (`src/lib.rs`). Deterministic: run it again and nothing
//! changes (`make fuzz-seeds`).

use std::fs;
use std::path::{Path, PathBuf};

use mldsa::encoding::{PKCS8_MAX_LEN, PrivateKeyFormat, SPKI_MAX_LEN};
use mldsa::pkcs8::AssociatedOid;
use mldsa::{ParameterSet, SigningKey};
use mldsa_fuzz::push_field;

struct Seeds {
    root: PathBuf,
}

impl Seeds {
    fn write(&self, target: &str, name: &str, bytes: &[u8]) {
        let dir = self.root.join(target);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(name), bytes).unwrap();
    }
}

/// `sel` picks P in every target (`with_params!`: sel % 3).
fn seeds_for<P: ParameterSet + AssociatedOid>(out: &Seeds, sel: u8) {
    let name = P::NAME.to_lowercase();
    let sk = SigningKey::<P>::from_seed(&[sel; 32]);
    let pk = sk.verifying_key().as_bytes();
    for (tag, ctx, msg) in [
        ("", &b""[..], &b"fuzz"[..]),
        ("-ctx255", &[0x5C; 255][..], &b""[..]),
    ] {
        let sig = sk.sign_deterministic(msg, ctx).unwrap();
        // verify, and differential's arbitrary mode: sel, pk, sig, ctx, msg.
        let mut tuple = vec![sel];
        push_field(&mut tuple, pk);
        push_field(&mut tuple, sig.as_ref());
        push_field(&mut tuple, ctx);
        tuple.extend_from_slice(msg);
        out.write("verify", &format!("{name}{tag}"), &tuple);
        out.write(
            "differential",
            &format!("{name}{tag}"),
            &[&[0][..], &tuple].concat(),
        );
        let mut sig_input = vec![sel];
        sig_input.extend_from_slice(sig.as_ref());
        out.write("signature", &format!("{name}{tag}"), &sig_input);
    }
    // Two faults at once, a public key one byte short and a 256-byte
    // context: the spec says ContextTooLong, the API WrongLength (the fuzz
    // smoke's first finding, a disagreement in the harness's mapping).
    let sig = sk.sign_deterministic(b"fuzz", b"").unwrap();
    let mut tuple = vec![0, sel];
    push_field(&mut tuple, &pk[..pk.len() - 1]);
    push_field(&mut tuple, sig.as_ref());
    push_field(&mut tuple, &[0x5C; 256]);
    tuple.extend_from_slice(b"fuzz");
    out.write("differential", &format!("{name}-short-pk-ctx256"), &tuple);
    // differential's mutated mode: sel, key seed, ctx, msg, then mutations
    // (operation, position, value): z set to gamma1 - beta; a hint index
    // repeated; a byte of c~ flipped.
    for (tag, op, pos, value) in [
        ("z-bound", 2u8, 7u16, 0u8),
        ("hint", 3, 0, 1),
        ("c", 0, 3, 1),
    ] {
        let mut m = vec![1, sel, sel];
        push_field(&mut m, b"ctx");
        push_field(&mut m, b"message");
        m.push(op);
        m.extend_from_slice(&pos.to_le_bytes());
        m.push(value);
        out.write("differential", &format!("{name}-mutated-{tag}"), &m);
    }
    out.write("verifying_key", &name, &[&[sel][..], pk].concat());
    let expanded = sk.to_expanded_bytes();
    out.write(
        "expanded_key",
        &name,
        &[&[sel][..], (*expanded).as_ref()].concat(),
    );

    let mut buf = vec![0u8; PKCS8_MAX_LEN];
    for (tag, format) in [
        ("seed", PrivateKeyFormat::Seed),
        ("expanded", PrivateKeyFormat::Expanded),
        ("both", PrivateKeyFormat::Both),
    ] {
        let der = sk.encode_pkcs8_der(format, &mut buf).unwrap();
        out.write(
            "pkcs8",
            &format!("{name}-{tag}"),
            &[&[sel][..], der].concat(),
        );
    }
    let mut buf = [0u8; SPKI_MAX_LEN];
    let der = sk.verifying_key().encode_spki_der(&mut buf).unwrap();
    out.write("spki", &name, &[&[sel][..], der].concat());
    let pem = sk.pkcs8_pem(PrivateKeyFormat::Seed).unwrap();
    out.write(
        "pem",
        &format!("{name}-pkcs8"),
        &[&[sel][..], pem.as_bytes()].concat(),
    );
    let pem = sk.verifying_key().spki_pem().unwrap();
    out.write(
        "pem",
        &format!("{name}-spki"),
        &[&[sel][..], pem.as_bytes()].concat(),
    );
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    let out = Seeds { root };
    seeds_for::<mldsa::MlDsa44>(&out, 0);
    seeds_for::<mldsa::MlDsa65>(&out, 1);
    seeds_for::<mldsa::MlDsa87>(&out, 2);
    // mu_builder: tr, ctx, cut points, message.
    for (name, ctx, cuts, msg) in [
        ("empty", &b""[..], &[][..], &b""[..]),
        (
            "pieces",
            &b"context"[..],
            &[1u16, 136, 137][..],
            &[0xA7u8; 300][..],
        ),
        ("ctx255", &[1u8; 255][..], &[64u16][..], &b"message"[..]),
    ] {
        let mut m = vec![0x42u8; 64];
        push_field(&mut m, ctx);
        m.push(cuts.len() as u8);
        for c in cuts {
            m.extend_from_slice(&c.to_le_bytes());
        }
        m.extend_from_slice(msg);
        out.write("mu_builder", name, &m);
    }
}
