//! The bottom results of FIPS 204 as typed errors.

/// Why an algorithm returned bottom (or an input could not be decoded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The context string is longer than 255 bytes (Algorithms 2 to 5, line 1).
    ContextTooLong,
    /// The random bit generator failed: xi or rnd is NULL (Algorithms 1, 2, 4).
    RandomBitGenerationFailed,
    /// A key, signature or mu has the wrong number of bytes for the parameter
    /// set. The standard assumes correct lengths; the spec checks them.
    WrongLength,
    /// Sign_internal's loop ran SIGN_ATTEMPTS_BOUND (814) times without a
    /// signature: the bound FIPS 204 Appendix C allows, reached with
    /// probability below 2^-256.
    SigningAttemptsExhausted,
}
