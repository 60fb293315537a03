//! SHAKE128 / SHAKE256 for the portable backend, on the `sha3` crate; the
//! four-lane variants run the lanes one after the other.

use sha3::digest::{ExtendableOutput, Update, XofReader};

use crate::backend::{Xof, XofX4};

/// A SHAKE state: the absorbing hasher, and once squeezing has started,
/// the output reader.
#[derive(Clone)]
pub struct Shake<X: ExtendableOutput> {
    absorbing: X,
    squeezing: Option<X::Reader>,
}

impl<X: ExtendableOutput + Update + Default + Clone> Shake<X> {
    fn reader(&mut self) -> &mut X::Reader {
        let absorbing = &self.absorbing;
        self.squeezing
            .get_or_insert_with(|| absorbing.clone().finalize_xof())
    }
}

macro_rules! shake_impls {
    ($x:ty, $rate:expr) => {
        impl Xof for Shake<$x> {
            const RATE: usize = $rate;
            fn new() -> Self {
                Shake {
                    absorbing: <$x>::default(),
                    squeezing: None,
                }
            }
            fn absorb(&mut self, input: &[u8]) {
                self.absorbing.update(input);
            }
            fn squeeze(&mut self, out: &mut [u8]) {
                self.reader().read(out);
            }
        }

        impl XofX4 for [Shake<$x>; 4] {
            const RATE: usize = $rate;
            fn absorb_x4(inputs: [&[u8]; 4]) -> Self {
                inputs.map(|input| {
                    let mut x = <Shake<$x> as Xof>::new();
                    x.absorb(input);
                    x
                })
            }
            fn squeeze_blocks_x4(&mut self, out: [&mut [u8]; 4]) {
                for (lane, buf) in self.iter_mut().zip(out) {
                    lane.squeeze(buf);
                }
            }
        }
    };
}

shake_impls!(sha3::Shake128, 168);
shake_impls!(sha3::Shake256, 136);
