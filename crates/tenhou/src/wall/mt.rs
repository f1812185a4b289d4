//! MT19937 (Matsumoto and Nishimura's `mt19937ar.c`), as Tenhou seeds it with
//! `init_by_array`, giving its output a block at a time.
//!
//! A round takes 288 words at once, so the generator twists its whole state in one pass and
//! tempers words in bulk ([`Mt19937::fill`]): two loops the compiler vectorises, where a
//! word-at-a-time generator pays a bounds check and a call per word. Checked against the
//! `rand_mt` crate (tests below) and, through the wall tests, on every round of the corpus.

/// The state size in words.
pub(super) const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// `init_genrand(19650218)`, where `init_by_array` starts: the same for every key, so
/// computed at compile time (a serial chain of 623 multiplications otherwise paid per game).
const INIT_GENRAND: [u32; N] = {
    let mut mt = [0u32; N];
    mt[0] = 19_650_218;
    let mut i = 1;
    while i < N {
        let prev = mt[i - 1];
        // `i` is below 624, so the cast is exact.
        mt[i] = 1_812_433_253u32
            .wrapping_mul(prev ^ (prev >> 30))
            .wrapping_add(i as u32);
        i += 1;
    }
    mt
};

/// The generator: 624 words of state and the index of the next word to temper.
#[derive(Clone)]
pub(super) struct Mt19937 {
    state: [u32; N],
    next: usize,
}

impl Mt19937 {
    /// `init_by_array(key)`. The key is 1 to 624 words (the callers' seeds never have more or
    /// fewer); an empty key leaves the `init_genrand(19650218)` state mixed by the second
    /// loop only, as the reference code would if it allowed one.
    pub(super) fn new_with_key(key: &[u32]) -> Mt19937 {
        let mut mt = INIT_GENRAND;
        let mut i = 1;
        if !key.is_empty() {
            let mut j = 0;
            for _ in 0..N.max(key.len()) {
                let prev = mt[i - 1];
                // `j` is below the key's length, at most 624.
                mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                    .wrapping_add(key[j])
                    .wrapping_add(j as u32);
                i += 1;
                j += 1;
                if i >= N {
                    mt[0] = mt[N - 1];
                    i = 1;
                }
                if j >= key.len() {
                    j = 0;
                }
            }
        }
        for _ in 0..N - 1 {
            let prev = mt[i - 1];
            mt[i] =
                (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = UPPER_MASK;
        Mt19937 { state: mt, next: N }
    }

    /// Fills `out` with the next `out.len()` outputs (`genrand_int32`).
    pub(super) fn fill(&mut self, out: &mut [u32]) {
        let mut done = 0;
        while done < out.len() {
            if self.next == N {
                self.twist();
            }
            let n = (N - self.next).min(out.len() - done);
            for (o, &s) in out[done..done + n]
                .iter_mut()
                .zip(&self.state[self.next..self.next + n])
            {
                *o = temper(s);
            }
            self.next += n;
            done += n;
        }
    }

    /// The next output.
    #[cfg(test)]
    fn next_u32(&mut self) -> u32 {
        let mut one = [0];
        self.fill(&mut one);
        one[0]
    }

    /// Generates the next 624 words of state.
    fn twist(&mut self) {
        let mt = &mut self.state;
        let mix = |a: u32, b: u32, far: u32| {
            let y = (a & UPPER_MASK) | (b & LOWER_MASK);
            far ^ (y >> 1) ^ ((y & 1).wrapping_neg() & MATRIX_A)
        };
        for i in 0..N - M {
            mt[i] = mix(mt[i], mt[i + 1], mt[i + M]);
        }
        for i in N - M..N - 1 {
            mt[i] = mix(mt[i], mt[i + 1], mt[i + M - N]);
        }
        mt[N - 1] = mix(mt[N - 1], mt[0], mt[M - 1]);
        self.next = 0;
    }
}

fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^ (y >> 18)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reference_test_vector() {
        // The first outputs of mt19937ar.c's own test, init_by_array({0x123, 0x234, 0x345, 0x456}).
        let mut mt = Mt19937::new_with_key(&[0x123, 0x234, 0x345, 0x456]);
        let got: Vec<u32> = (0..5).map(|_| mt.next_u32()).collect();
        assert_eq!(
            got,
            [1067595299, 955945823, 477289528, 4107218783, 4228976476]
        );
    }

    proptest! {
        #[test]
        fn matches_rand_mt(
            key in proptest::collection::vec(any::<u32>(), 1..=N),
            chunks in proptest::collection::vec(1usize..700, 1..6),
        ) {
            let mut ours = Mt19937::new_with_key(&key);
            let mut theirs = rand_mt::Mt::new_with_key(key.iter().copied());
            for len in chunks {
                let mut got = vec![0u32; len];
                ours.fill(&mut got);
                let want: Vec<u32> = (0..len).map(|_| theirs.next_u32()).collect();
                prop_assert_eq!(got, want);
            }
        }
    }
}
