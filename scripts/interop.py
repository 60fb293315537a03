"""Interoperability of the `mldsa` command with pyca/cryptography (OpenSSL).

Run by scripts/interop.sh (`make interop`) as: python interop.py PATH/TO/mldsa
Every check runs in both directions where both sides can do it, for
ML-DSA-44, -65 and -87, and prints one line; the script exits 1 on the
first failure and ends with the matrix of what was checked.
"""

import atexit
import os
import shutil
import subprocess
import sys
import tempfile

from cryptography import __version__ as pyca_version
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization as ser
from cryptography.hazmat.primitives.asymmetric import mldsa as pyca

MLDSA = os.path.abspath(sys.argv[1])
WORK = tempfile.mkdtemp(prefix="mldsa-interop-")
atexit.register(shutil.rmtree, WORK, True)
SETS = {
    "ML-DSA-44": (pyca.MLDSA44PrivateKey, 2560),
    "ML-DSA-65": (pyca.MLDSA65PrivateKey, 4032),
    "ML-DSA-87": (pyca.MLDSA87PrivateKey, 4896),
}
MESSAGE = b"interop message \x00\xff" * 100
CONTEXT = b"interop-context"
matrix = []


def path(name):
    return os.path.join(WORK, name)


def write(name, data):
    with open(path(name), "wb") as f:
        f.write(data)
    return path(name)


def read(name):
    with open(path(name), "rb") as f:
        return f.read()


def cli(*args, expect=0, stdin=b""):
    """Runs our CLI; checks its exit status; returns stdout."""
    proc = subprocess.run([MLDSA, *args], input=stdin, capture_output=True)
    if proc.returncode != expect:
        sys.exit(
            f"interop: FAILED: mldsa {' '.join(args)}: exit {proc.returncode}, "
            f"expected {expect}\n{proc.stderr.decode(errors='replace')}"
        )
    return proc.stdout, proc.stderr.decode(errors="replace")


def check(alg, what, direction, ok, detail=""):
    status = "pass" if ok else "FAIL"
    matrix.append((alg, what, direction, status))
    print(f"  {status}  {alg:9}  {direction:12}  {what}{'  (' + detail + ')' if detail else ''}")
    if not ok:
        sys.exit(f"interop: FAILED: {alg} {what} ({direction}) {detail}")


def pyca_verifies(pub, sig, msg, ctx):
    try:
        pub.verify(sig, msg, ctx)
        return True
    except InvalidSignature:
        return False


def der_len(n):
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def tlv(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def run_set(alg, cls, sk_len):
    tag = alg[-2:]
    # ---- keys made by pyca, loaded by us (PEM and DER)
    theirs = cls.generate()
    their_pub = theirs.public_key()
    spki_der = their_pub.public_bytes(ser.Encoding.DER, ser.PublicFormat.SubjectPublicKeyInfo)
    spki_pem = their_pub.public_bytes(ser.Encoding.PEM, ser.PublicFormat.SubjectPublicKeyInfo)
    for enc, name in [(ser.Encoding.PEM, "pem"), (ser.Encoding.DER, "der")]:
        key = write(f"pyca{tag}.{name}", theirs.private_bytes(enc, ser.PrivateFormat.PKCS8, ser.NoEncryption()))
        out, _ = cli("pubkey", key, "--der")
        check(alg, f"pyca PKCS#8 {name.upper()} (seed) -> mldsa pubkey = pyca SPKI", "pyca -> mldsa", out == spki_der)
    write(f"pyca{tag}.pub.pem", spki_pem)
    write(f"pyca{tag}.pub.der", spki_der)

    # ---- keys made by us, loaded by pyca
    for name, flag in [("pem", []), ("der", ["--der"])]:
        key = path(f"ours{tag}.{name}")
        cli("keygen", "-a", alg, "-o", key, *flag)
        pub = path(f"ours{tag}.pub.{name}")
        cli("pubkey", key, "-o", pub, *flag)
        load_priv = ser.load_pem_private_key if name == "pem" else ser.load_der_private_key
        load_pub = ser.load_pem_public_key if name == "pem" else ser.load_der_public_key
        sk = load_priv(read(f"ours{tag}.{name}"), None)
        pk = load_pub(read(f"ours{tag}.pub.{name}"))
        same = sk.public_key().public_bytes_raw() == pk.public_bytes_raw()
        check(alg, f"mldsa PKCS#8 {name.upper()} (seed) + SPKI -> pyca loads, same public key", "mldsa -> pyca", same)
        # pyca writes back exactly our seed-form encoding.
        enc = ser.Encoding.PEM if name == "pem" else ser.Encoding.DER
        again = sk.private_bytes(enc, ser.PrivateFormat.PKCS8, ser.NoEncryption())
        check(alg, f"pyca re-encodes our {name.upper()} PKCS#8 byte for byte", "mldsa -> pyca", again == read(f"ours{tag}.{name}"))
    # Every --format, PEM and DER: pyca reads the seed form (the public key
    # it derives is ours); it refuses expanded and both, as `mldsa keygen
    # --help` and cli/README.md say. Should pyca start reading them, this
    # fails: the help text and the README must then change.
    for form in ["seed", "expanded", "both"]:
        for name, flag in [("pem", []), ("der", ["--der"])]:
            key = path(f"ours{tag}-{form}.{name}")
            cli("keygen", "-a", alg, "--format", form, "-o", key, *flag)
            ours_pub, _ = cli("pubkey", key, "--der")
            load = ser.load_pem_private_key if name == "pem" else ser.load_der_private_key
            what = f"mldsa keygen --format {form} ({name.upper()})"
            try:
                sk = load(read(f"ours{tag}-{form}.{name}"), None)
                pub = sk.public_key().public_bytes(ser.Encoding.DER, ser.PublicFormat.SubjectPublicKeyInfo)
                loaded, detail = True, "loaded" + ("" if pub == ours_pub else ", ANOTHER public key")
                same = pub == ours_pub
            except ValueError as e:
                loaded, same, detail = False, False, f"pyca: {e}"
            if form == "seed":
                check(alg, f"{what} -> pyca loads it, same public key", "mldsa -> pyca", loaded and same, detail)
            else:
                check(alg, f"{what} -> pyca refuses it, as documented", "mldsa -> pyca", not loaded, detail)

    # ---- signatures, with and without a context
    msg = write("msg", MESSAGE)
    for ctx in [None, CONTEXT]:
        ctx_args = ["--context-hex", CONTEXT.hex()] if ctx else []
        label = "with context" if ctx else "no context"
        # pyca signs, we verify (PEM and DER public key).
        sig = write("pyca.sig", theirs.sign(MESSAGE, ctx))
        for name in ["pem", "der"]:
            cli("verify", "-p", path(f"pyca{tag}.pub.{name}"), "-s", sig, *ctx_args, msg)
        check(alg, f"pyca signs ({label}) -> mldsa verifies (PEM and DER key)", "pyca -> mldsa", True)
        tampered = write("tampered", MESSAGE + b"!")
        cli("verify", "-p", path(f"pyca{tag}.pub.pem"), "-s", sig, *ctx_args, tampered, expect=1)
        wrong_ctx = ["--context", "other"]
        cli("verify", "-p", path(f"pyca{tag}.pub.pem"), "-s", sig, *wrong_ctx, msg, expect=1)
        check(alg, f"pyca signature ({label}), other message or context -> mldsa: invalid (exit 1)", "pyca -> mldsa", True)
        # We sign (hedged and deterministic), pyca verifies.
        pk = ser.load_pem_public_key(read(f"ours{tag}.pub.pem"))
        for mode in [[], ["--deterministic"]]:
            ours_sig, _ = cli("sign", "-k", path(f"ours{tag}.pem"), *mode, *ctx_args, msg)
            good = pyca_verifies(pk, ours_sig, MESSAGE, ctx)
            bad = pyca_verifies(pk, ours_sig, MESSAGE, b"other") or pyca_verifies(pk, ours_sig, MESSAGE + b"!", ctx)
            kind = "deterministic" if mode else "hedged"
            check(alg, f"mldsa signs ({kind}, {label}) -> pyca verifies; rejects other context/message", "mldsa -> pyca", good and not bad)

    # ---- external mu (pyca's MLDSAMuHasher)
    hasher = pyca.MLDSAMuHasher(their_pub, CONTEXT)
    hasher.update(MESSAGE[:100])
    hasher.update(MESSAGE[100:])
    their_mu = hasher.finalize()
    out, _ = cli("mu", "-p", path(f"pyca{tag}.pub.pem"), "--context-hex", CONTEXT.hex(), msg)
    check(alg, "mldsa mu = pyca MLDSAMuHasher mu", "both", bytes.fromhex(out.decode().strip()) == their_mu)
    sig = write("mu.sig", theirs.sign_mu(their_mu))
    cli("verify", "-p", path(f"pyca{tag}.pub.pem"), "-s", sig, "--context-hex", CONTEXT.hex(), msg)
    mu_file = write("mu.bin", their_mu)
    cli("verify", "-p", path(f"pyca{tag}.pub.der"), "-s", sig, "--external-mu", mu_file)
    check(alg, "pyca sign_mu -> mldsa verifies the message and the mu", "pyca -> mldsa", True)
    ours_pk = ser.load_der_public_key(read(f"ours{tag}.pub.der"))
    hasher = pyca.MLDSAMuHasher(ours_pk, CONTEXT)
    hasher.update(MESSAGE)
    ours_mu = hasher.finalize()
    mu_file = write("mu2.bin", ours_mu)
    ours_sig, _ = cli("sign", "-k", path(f"ours{tag}.der"), "--external-mu", mu_file)
    ok = pyca_verifies(ours_pk, ours_sig, MESSAGE, CONTEXT)
    try:
        ours_pk.verify_mu(ours_sig, ours_mu)
        ok_mu = True
    except InvalidSignature:
        ok_mu = False
    check(alg, "pyca mu -> mldsa sign --external-mu -> pyca verify and verify_mu", "pyca -> mldsa -> pyca", ok and ok_mu)

    # ---- `both` whose halves disagree: pyca's seed, another key's expanded half
    other = path(f"other{tag}.der")
    cli("keygen", "-a", alg, "--format", "expanded", "--der", "-o", other)
    expanded = read(f"other{tag}.der")[-sk_len:]
    seed = theirs.private_bytes_raw()
    both = tlv(0x30, tlv(0x04, seed) + tlv(0x04, expanded))
    oid = {"ML-DSA-44": 17, "ML-DSA-65": 18, "ML-DSA-87": 19}[alg]
    alg_id = tlv(0x30, tlv(0x06, bytes([0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, oid])))
    pkcs8 = tlv(0x30, tlv(0x02, b"\x00") + alg_id + tlv(0x04, both))
    bad = write(f"disagree{tag}.der", pkcs8)
    _, err = cli("sign", "-k", bad, msg, expect=2)
    refused = "seed does not regenerate the expanded key" in err and bad in err
    check(alg, "PKCS#8 both (pyca seed + other expanded key) -> mldsa refuses (exit 2)", "pyca -> mldsa", refused, err.strip())
    # The same splice with matching halves is accepted (the test can fail).
    ours_both = path(f"match{tag}.der")
    cli("keygen", "-a", alg, "--format", "expanded", "--der", "-o", ours_both, "--seed-file", "-", stdin=seed)
    matching = tlv(0x30, tlv(0x02, b"\x00") + alg_id + tlv(0x04, tlv(0x30, tlv(0x04, seed) + tlv(0x04, read(f"match{tag}.der")[-sk_len:]))))
    good = write(f"agree{tag}.der", matching)
    out, _ = cli("pubkey", good, "--der")
    check(alg, "PKCS#8 both (pyca seed + its own expanded key) -> mldsa accepts, same public key", "pyca -> mldsa", out == spki_der)


def help_says_what_pyca_reads():
    """`mldsa keygen --help` states the result the checks above hold it to."""
    out, _ = cli("keygen", "--help")
    text = " ".join(out.decode().split())
    for part in [
        "seed (the default) is the one form pyca/cryptography reads today",
        "it refuses expanded and both",
    ]:
        check("all", f"keygen --help says: {part}", "mldsa", part in text)


def main():
    print(f"interop: mldsa ({MLDSA}) against pyca/cryptography {pyca_version}")
    help_says_what_pyca_reads()
    for alg, (cls, sk_len) in SETS.items():
        run_set(alg, cls, sk_len)
    passed = sum(1 for m in matrix if m[3] == "pass")
    print(f"interop: {passed} checks passed, 0 failed")


main()
