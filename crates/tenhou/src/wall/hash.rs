//! The SHA-512 step of Tenhou's shuffle: nine digests of 128-byte blocks per round.
//!
//! Every message is exactly one 128-byte block, so its second (padding) block is always the
//! same: `0x80`, zeros, and the length 1024. That block's message schedule is a constant,
//! folded into the round constants at compile time ([`KW_PAD`]), which leaves a third less
//! work for it. The nine messages of a round are independent, so on x86-64 CPUs eight of
//! them are hashed four at a time, one per 64-bit lane of 256-bit registers: with AVX-512VL
//! where the CPU has it (one-instruction rotates and three-input logic), else with AVX2.
//! The ninth digests of four rounds are hashed together the same way (the generator draws
//! rounds ahead for it); on other CPUs every message goes through the scalar compression.
//! Every path
//! is checked against the `sha2` crate on random blocks (tests below) and, through the wall
//! tests, on every round of the real corpus.
//!
//! Words: the block is 32 MT19937 outputs written little-endian, SHA-512 reads it as 16
//! big-endian 64-bit words, and Tenhou reads each 64-byte digest back as 16 little-endian
//! 32-bit words. [`message_into`] and [`digest_words`] do those two byte-order turns.

/// FIPS 180-4 §5.3.5: the initial hash value of SHA-512.
const IV: [u64; 8] = [
    0x6a09_e667_f3bc_c908,
    0xbb67_ae85_84ca_a73b,
    0x3c6e_f372_fe94_f82b,
    0xa54f_f53a_5f1d_36f1,
    0x510e_527f_ade6_82d1,
    0x9b05_688c_2b3e_6c1f,
    0x1f83_d9ab_fb41_bd6b,
    0x5be0_cd19_137e_2179,
];

/// FIPS 180-4 §4.2.3: the 80 round constants of SHA-512.
const K: [u64; 80] = [
    0x428a_2f98_d728_ae22,
    0x7137_4491_23ef_65cd,
    0xb5c0_fbcf_ec4d_3b2f,
    0xe9b5_dba5_8189_dbbc,
    0x3956_c25b_f348_b538,
    0x59f1_11f1_b605_d019,
    0x923f_82a4_af19_4f9b,
    0xab1c_5ed5_da6d_8118,
    0xd807_aa98_a303_0242,
    0x1283_5b01_4570_6fbe,
    0x2431_85be_4ee4_b28c,
    0x550c_7dc3_d5ff_b4e2,
    0x72be_5d74_f27b_896f,
    0x80de_b1fe_3b16_96b1,
    0x9bdc_06a7_25c7_1235,
    0xc19b_f174_cf69_2694,
    0xe49b_69c1_9ef1_4ad2,
    0xefbe_4786_384f_25e3,
    0x0fc1_9dc6_8b8c_d5b5,
    0x240c_a1cc_77ac_9c65,
    0x2de9_2c6f_592b_0275,
    0x4a74_84aa_6ea6_e483,
    0x5cb0_a9dc_bd41_fbd4,
    0x76f9_88da_8311_53b5,
    0x983e_5152_ee66_dfab,
    0xa831_c66d_2db4_3210,
    0xb003_27c8_98fb_213f,
    0xbf59_7fc7_beef_0ee4,
    0xc6e0_0bf3_3da8_8fc2,
    0xd5a7_9147_930a_a725,
    0x06ca_6351_e003_826f,
    0x1429_2967_0a0e_6e70,
    0x27b7_0a85_46d2_2ffc,
    0x2e1b_2138_5c26_c926,
    0x4d2c_6dfc_5ac4_2aed,
    0x5338_0d13_9d95_b3df,
    0x650a_7354_8baf_63de,
    0x766a_0abb_3c77_b2a8,
    0x81c2_c92e_47ed_aee6,
    0x9272_2c85_1482_353b,
    0xa2bf_e8a1_4cf1_0364,
    0xa81a_664b_bc42_3001,
    0xc24b_8b70_d0f8_9791,
    0xc76c_51a3_0654_be30,
    0xd192_e819_d6ef_5218,
    0xd699_0624_5565_a910,
    0xf40e_3585_5771_202a,
    0x106a_a070_32bb_d1b8,
    0x19a4_c116_b8d2_d0c8,
    0x1e37_6c08_5141_ab53,
    0x2748_774c_df8e_eb99,
    0x34b0_bcb5_e19b_48a8,
    0x391c_0cb3_c5c9_5a63,
    0x4ed8_aa4a_e341_8acb,
    0x5b9c_ca4f_7763_e373,
    0x682e_6ff3_d6b2_b8a3,
    0x748f_82ee_5def_b2fc,
    0x78a5_636f_4317_2f60,
    0x84c8_7814_a1f0_ab72,
    0x8cc7_0208_1a64_39ec,
    0x90be_fffa_2363_1e28,
    0xa450_6ceb_de82_bde9,
    0xbef9_a3f7_b2c6_7915,
    0xc671_78f2_e372_532b,
    0xca27_3ece_ea26_619c,
    0xd186_b8c7_21c0_c207,
    0xeada_7dd6_cde0_eb1e,
    0xf57d_4f7f_ee6e_d178,
    0x06f0_67aa_7217_6fba,
    0x0a63_7dc5_a2c8_98a6,
    0x113f_9804_bef9_0dae,
    0x1b71_0b35_131c_471b,
    0x28db_77f5_2304_7d84,
    0x32ca_ab7b_40c7_2493,
    0x3c9e_be0a_15c9_bebc,
    0x431d_67c4_9c10_0d4c,
    0x4cc5_d4be_cb3e_42b6,
    0x597f_299c_fc65_7e2a,
    0x5fcb_6fab_3ad6_faec,
    0x6c44_198c_4a47_5817,
];

/// The round constants plus the schedule of the padding block of a 128-byte message
/// (`0x80`, 111 zero bytes, the bit length 1024 in the last 16 bytes).
const KW_PAD: [u64; 80] = {
    let mut w = [0u64; 80];
    w[0] = 1 << 63;
    w[15] = 1024;
    let mut t = 16;
    while t < 80 {
        w[t] = small_sigma1(w[t - 2])
            .wrapping_add(w[t - 7])
            .wrapping_add(small_sigma0(w[t - 15]))
            .wrapping_add(w[t - 16]);
        t += 1;
    }
    let mut kw = [0u64; 80];
    t = 0;
    while t < 80 {
        kw[t] = K[t].wrapping_add(w[t]);
        t += 1;
    }
    kw
};

/// MT19937 words drawn per digest.
pub(super) const BLOCK_WORDS: usize = 32;
/// `rnd` words read from each digest.
pub(super) const DIGEST_WORDS: usize = 16;

/// The digests of four blocks, each 32 MT19937 words, as 16 `rnd` words each, by the
/// fastest path the CPU has.
pub(super) fn digests4(blocks: [&[u32; BLOCK_WORDS]; 4]) -> [[u32; DIGEST_WORDS]; 4] {
    let [out] = digests_by(Path::best(), [blocks]);
    out
}

/// [`digests4`] of eight blocks. With AVX-512VL the two groups of four are hashed
/// together, their rounds interleaved (a round's chain of dependent operations is long; two
/// chains keep the vector units busier than one, and the 32 registers hold both states).
pub(super) fn digests8(blocks: [[&[u32; BLOCK_WORDS]; 4]; 2]) -> [[[u32; DIGEST_WORDS]; 4]; 2] {
    digests_by(Path::best(), blocks)
}

/// The ways of computing four digests at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    /// Four lanes of 256-bit registers with AVX-512VL's rotates and three-input logic.
    Avx512,
    /// Four lanes of 256-bit AVX2 registers (rotates as two shifts and an or).
    Avx2,
    /// One message after another.
    Scalar,
}

impl Path {
    /// The fastest path this CPU runs.
    fn best() -> Path {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512vl")
            {
                return Path::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                return Path::Avx2;
            }
        }
        Path::Scalar
    }

    /// Whether this CPU runs the path.
    #[cfg(test)]
    fn available(self) -> bool {
        match (self, Path::best()) {
            (Path::Scalar, _) | (_, Path::Avx512) => true,
            (Path::Avx2, best) => best == Path::Avx2,
            (Path::Avx512, _) => false,
        }
    }
}

/// The digests of `G` groups of four blocks by the given path, or by the scalar one where
/// the CPU lacks it.
///
/// The crate's one `unsafe` block: calling a vector path after the runtime check.
#[allow(unsafe_code)]
fn digests_by<const G: usize>(
    path: Path,
    blocks: [[&[u32; BLOCK_WORDS]; 4]; G],
) -> [[[u32; DIGEST_WORDS]; 4]; G] {
    // Filled in place: mapping the arrays of blocks to arrays of messages copies them
    // through temporaries.
    let mut msgs = [[[0u64; 16]; 4]; G];
    for (mg, bg) in msgs.iter_mut().zip(&blocks) {
        for (m, b) in mg.iter_mut().zip(bg) {
            message_into(b, m);
        }
    }
    let mut out = [[[0u32; DIGEST_WORDS]; 4]; G];
    #[cfg(target_arch = "x86_64")]
    {
        let best = Path::best();
        let states = match path {
            // SAFETY: `Path::best` found AVX-512F and AVX-512VL (which imply AVX2), all
            // that this `compress` needs.
            Path::Avx512 if best == Path::Avx512 => Some(unsafe { x86::avx512::compress(&msgs) }),
            Path::Avx2 if best != Path::Scalar => {
                // One group at a time: AVX2's sixteen registers cannot hold two groups'
                // states, and spilling them costs more than the overlap gains.
                let mut states = [[[0u64; 8]; 4]; G];
                for (state, m) in states.iter_mut().zip(&msgs) {
                    // SAFETY: `Path::best` found AVX2 at least, all that this `compress`
                    // needs.
                    [*state] = unsafe { x86::avx2::compress(&[*m]) };
                }
                Some(states)
            }
            _ => None,
        };
        if let Some(states) = states {
            for (sg, og) in states.iter().zip(&mut out) {
                for (state, o) in sg.iter().zip(og) {
                    digest_words(state, o);
                }
            }
            return out;
        }
    }
    let _ = path;
    for (mg, og) in msgs.iter().zip(&mut out) {
        for (m, o) in mg.iter().zip(og) {
            digest_words(&compress(m), o);
        }
    }
    out
}

/// [`message_into`], returned (for the tests).
#[cfg(test)]
fn message(words: &[u32; BLOCK_WORDS]) -> [u64; 16] {
    let mut m = [0u64; 16];
    message_into(words, &mut m);
    m
}

/// The 32 words, written little-endian, read back as SHA-512's 16 big-endian message words,
/// into `m`.
fn message_into(words: &[u32; BLOCK_WORDS], m: &mut [u64; 16]) {
    for (mj, pair) in m.iter_mut().zip(words.chunks_exact(2)) {
        *mj = (u64::from(pair[0].swap_bytes()) << 32) | u64::from(pair[1].swap_bytes());
    }
}

/// The digest (eight big-endian state words) read back as 16 little-endian 32-bit words.
fn digest_words(state: &[u64; 8], out: &mut [u32; DIGEST_WORDS]) {
    for (h, pair) in state.iter().zip(out.chunks_exact_mut(2)) {
        // Truncations intended: the high and the low half of the word.
        pair[0] = ((h >> 32) as u32).swap_bytes();
        pair[1] = (*h as u32).swap_bytes();
    }
}

const fn small_sigma0(x: u64) -> u64 {
    x.rotate_right(1) ^ x.rotate_right(8) ^ (x >> 7)
}

const fn small_sigma1(x: u64) -> u64 {
    x.rotate_right(19) ^ x.rotate_right(61) ^ (x >> 6)
}

/// SHA-512 of one 128-byte message given as its 16 words: the message block from the IV,
/// then the constant padding block.
fn compress(m: &[u64; 16]) -> [u64; 8] {
    let mut w = *m;
    let mut s = IV;
    for t in 0..80 {
        let wt = if t < 16 {
            w[t]
        } else {
            let v = small_sigma1(w[(t + 14) & 15])
                .wrapping_add(w[(t + 9) & 15])
                .wrapping_add(small_sigma0(w[(t + 1) & 15]))
                .wrapping_add(w[t & 15]);
            w[t & 15] = v;
            v
        };
        round(&mut s, K[t].wrapping_add(wt));
    }
    for (h, iv) in s.iter_mut().zip(IV) {
        *h = h.wrapping_add(iv);
    }
    let mid = s;
    for kw in KW_PAD {
        round(&mut s, kw);
    }
    for (h, m) in s.iter_mut().zip(mid) {
        *h = h.wrapping_add(m);
    }
    s
}

/// One SHA-512 round with `kw` = K\[t\] + W\[t\].
#[inline(always)]
fn round(s: &mut [u64; 8], kw: u64) {
    let [a, b, c, d, e, f, g, h] = *s;
    let big_sigma1 = e.rotate_right(14) ^ e.rotate_right(18) ^ e.rotate_right(41);
    let ch = (e & f) ^ (!e & g);
    let t1 = h.wrapping_add(big_sigma1).wrapping_add(ch).wrapping_add(kw);
    let big_sigma0 = a.rotate_right(28) ^ a.rotate_right(34) ^ a.rotate_right(39);
    let maj = ((b ^ c) & a) ^ (b & c);
    let t2 = big_sigma0.wrapping_add(maj);
    *s = [t1.wrapping_add(t2), a, b, c, d.wrapping_add(t1), e, f, g];
}

/// Four messages at once, one per 64-bit lane of 256-bit registers: one body, written once
/// (`compress_body!`), over two sets of lane operations.
#[cfg(target_arch = "x86_64")]
mod x86 {
    /// The SHA-512 states after both blocks of `G` groups of four 128-byte messages, one
    /// message per lane; the groups' rounds are interleaved, so that the CPU has `G`
    /// independent chains of rounds to overlap. It expands inside a module that defines the
    /// lane operations `ror!`, `shr!`, `xor3!`, `ch!` and `maj!`, and `splat` and `add` for
    /// its target features.
    macro_rules! compress_body {
        ($msgs:expr, $groups:ident) => {{
            let msgs: &[[[u64; 16]; 4]; $groups] = $msgs;
            let mut w = [[splat(0); 16]; $groups];
            for (wg, mg) in w.iter_mut().zip(msgs) {
                for (j, wj) in wg.iter_mut().enumerate() {
                    *wj = _mm256_set_epi64x(
                        mg[3][j] as i64,
                        mg[2][j] as i64,
                        mg[1][j] as i64,
                        mg[0][j] as i64,
                    );
                }
            }
            let mut iv = [splat(0); 8];
            for (v, h) in iv.iter_mut().zip(IV) {
                *v = splat(h);
            }
            // The state words by name, each an array over the groups: eight rounds turn the
            // names instead of moving the words (`rounds8!`).
            let mut s = [[splat(0); $groups]; 8];
            for (sv, v) in s.iter_mut().zip(iv) {
                *sv = [v; $groups];
            }
            let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = s;
            // K + W of sixteen rounds at a time, so that the rounds read them at fixed places.
            let mut kw = [[splat(0); $groups]; 16];
            for t in (0..80).step_by(16) {
                for (j, kj) in kw.iter_mut().enumerate() {
                    let k = splat(K[t + j]);
                    for (kg, wg) in kj.iter_mut().zip(w.iter_mut()) {
                        if t > 0 {
                            let x = wg[(j + 1) & 15];
                            let sigma0 = xor3!(ror!(x, 1), ror!(x, 8), shr!(x, 7));
                            let y = wg[(j + 14) & 15];
                            let sigma1 = xor3!(ror!(y, 19), ror!(y, 61), shr!(y, 6));
                            wg[j] = add(add(wg[j], sigma0), add(wg[(j + 9) & 15], sigma1));
                        }
                        *kg = add(wg[j], k);
                    }
                }
                rounds8!([a, b, c, d, e, f, g, h], kw, 0);
                rounds8!([a, b, c, d, e, f, g, h], kw, 8);
            }
            s = [a, b, c, d, e, f, g, h];
            for (sv, v) in s.iter_mut().zip(iv) {
                for sg in sv {
                    *sg = add(*sg, v);
                }
            }
            let mid = s;
            [a, b, c, d, e, f, g, h] = s;
            for t in (0..80).step_by(16) {
                for (j, kj) in kw.iter_mut().enumerate() {
                    *kj = [splat(KW_PAD[t + j]); $groups];
                }
                rounds8!([a, b, c, d, e, f, g, h], kw, 0);
                rounds8!([a, b, c, d, e, f, g, h], kw, 8);
            }
            s = [a, b, c, d, e, f, g, h];
            let mut out = [[[0u64; 8]; 4]; $groups];
            for (i, (sv, mv)) in s.iter().zip(&mid).enumerate() {
                for ((og, h), m) in out.iter_mut().zip(sv).zip(mv) {
                    let v = add(*h, *m);
                    og[0][i] = _mm256_extract_epi64::<0>(v) as u64;
                    og[1][i] = _mm256_extract_epi64::<1>(v) as u64;
                    og[2][i] = _mm256_extract_epi64::<2>(v) as u64;
                    og[3][i] = _mm256_extract_epi64::<3>(v) as u64;
                }
            }
            out
        }};
    }

    /// One SHA-512 round on four lanes of each group, with the expanding module's lane
    /// operations. The state words stay where they are: the round writes the new `a` into
    /// `h`'s place and the new `e` into `d`'s, and the next round names them one step on.
    macro_rules! round {
        ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $kw:expr) => {
            for (i, kw) in $kw.iter().enumerate() {
                let (a, e) = ($a[i], $e[i]);
                let big_sigma1 = xor3!(ror!(e, 14), ror!(e, 18), ror!(e, 41));
                let t1 = add(add($h[i], big_sigma1), add(ch!(e, $f[i], $g[i]), *kw));
                let big_sigma0 = xor3!(ror!(a, 28), ror!(a, 34), ror!(a, 39));
                let t2 = add(big_sigma0, maj!(a, $b[i], $c[i]));
                $d[i] = add($d[i], t1);
                $h[i] = add(t1, t2);
            }
        };
    }

    /// Eight rounds from `$kw[$at]` on: after them every name holds its own word again.
    macro_rules! rounds8 {
        ([$a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident], $kw:ident, $at:literal) => {
            round!($a, $b, $c, $d, $e, $f, $g, $h, $kw[$at]);
            round!($h, $a, $b, $c, $d, $e, $f, $g, $kw[$at + 1]);
            round!($g, $h, $a, $b, $c, $d, $e, $f, $kw[$at + 2]);
            round!($f, $g, $h, $a, $b, $c, $d, $e, $kw[$at + 3]);
            round!($e, $f, $g, $h, $a, $b, $c, $d, $kw[$at + 4]);
            round!($d, $e, $f, $g, $h, $a, $b, $c, $kw[$at + 5]);
            round!($c, $d, $e, $f, $g, $h, $a, $b, $kw[$at + 6]);
            round!($b, $c, $d, $e, $f, $g, $h, $a, $kw[$at + 7]);
        };
    }

    /// AVX2: a rotate is two shifts and an or; choice and majority take three or four
    /// operations.
    pub(super) mod avx2 {
        use std::arch::x86_64::{
            __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_extract_epi64,
            _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi64x, _mm256_slli_epi64,
            _mm256_srli_epi64, _mm256_xor_si256,
        };

        use super::super::{IV, K, KW_PAD};

        macro_rules! ror {
            ($x:expr, $n:literal) => {
                _mm256_or_si256(
                    _mm256_srli_epi64::<$n>($x),
                    _mm256_slli_epi64::<{ 64 - $n }>($x),
                )
            };
        }
        macro_rules! shr {
            ($x:expr, $n:literal) => {
                _mm256_srli_epi64::<$n>($x)
            };
        }
        macro_rules! xor3 {
            ($a:expr, $b:expr, $c:expr) => {
                _mm256_xor_si256(_mm256_xor_si256($a, $b), $c)
            };
        }
        macro_rules! ch {
            ($e:expr, $f:expr, $g:expr) => {
                _mm256_xor_si256(_mm256_and_si256($e, $f), _mm256_andnot_si256($e, $g))
            };
        }
        macro_rules! maj {
            ($a:expr, $b:expr, $c:expr) => {
                _mm256_xor_si256(
                    _mm256_and_si256(_mm256_xor_si256($b, $c), $a),
                    _mm256_and_si256($b, $c),
                )
            };
        }

        /// Every lane set to `x` (the same bits, as the intrinsic's signed type).
        #[target_feature(enable = "avx2")]
        #[allow(clippy::cast_possible_wrap)]
        fn splat(x: u64) -> __m256i {
            _mm256_set1_epi64x(x as i64)
        }

        /// Lane-wise wrapping addition.
        #[target_feature(enable = "avx2")]
        fn add(a: __m256i, b: __m256i) -> __m256i {
            _mm256_add_epi64(a, b)
        }

        /// The SHA-512 states of `G` groups of four 128-byte messages, one per lane.
        #[target_feature(enable = "avx2")]
        #[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss)]
        pub(in super::super) fn compress<const G: usize>(
            msgs: &[[[u64; 16]; 4]; G],
        ) -> [[[u64; 8]; 4]; G] {
            compress_body!(msgs, G)
        }
    }

    /// AVX-512VL on 256-bit registers: a rotate is one instruction, and each three-input
    /// function (exclusive or, choice, majority) one `vpternlogq`.
    pub(super) mod avx512 {
        use std::arch::x86_64::{
            __m256i, _mm256_add_epi64, _mm256_extract_epi64, _mm256_ror_epi64, _mm256_set_epi64x,
            _mm256_set1_epi64x, _mm256_srli_epi64, _mm256_ternarylogic_epi64,
        };

        use super::super::{IV, K, KW_PAD};

        macro_rules! ror {
            ($x:expr, $n:literal) => {
                _mm256_ror_epi64::<$n>($x)
            };
        }
        macro_rules! shr {
            ($x:expr, $n:literal) => {
                _mm256_srli_epi64::<$n>($x)
            };
        }
        // Truth tables over (a, b, c) = (0xF0, 0xCC, 0xAA): a ^ b ^ c, a ? b : c, and the
        // majority.
        macro_rules! xor3 {
            ($a:expr, $b:expr, $c:expr) => {
                _mm256_ternarylogic_epi64::<0x96>($a, $b, $c)
            };
        }
        macro_rules! ch {
            ($e:expr, $f:expr, $g:expr) => {
                _mm256_ternarylogic_epi64::<0xCA>($e, $f, $g)
            };
        }
        macro_rules! maj {
            ($a:expr, $b:expr, $c:expr) => {
                _mm256_ternarylogic_epi64::<0xE8>($a, $b, $c)
            };
        }

        /// Every lane set to `x` (the same bits, as the intrinsic's signed type).
        #[target_feature(enable = "avx512f,avx512vl")]
        #[allow(clippy::cast_possible_wrap)]
        fn splat(x: u64) -> __m256i {
            _mm256_set1_epi64x(x as i64)
        }

        /// Lane-wise wrapping addition.
        #[target_feature(enable = "avx512f,avx512vl")]
        fn add(a: __m256i, b: __m256i) -> __m256i {
            _mm256_add_epi64(a, b)
        }

        /// The SHA-512 states of `G` groups of four 128-byte messages, one per lane.
        #[target_feature(enable = "avx512f,avx512vl")]
        #[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss)]
        pub(in super::super) fn compress<const G: usize>(
            msgs: &[[[u64; 16]; 4]; G],
        ) -> [[[u64; 8]; 4]; G] {
            compress_body!(msgs, G)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sha2::{Digest, Sha512};

    fn reference(block: &[u32; BLOCK_WORDS]) -> [u32; DIGEST_WORDS] {
        let bytes: Vec<u8> = block.iter().flat_map(|w| w.to_le_bytes()).collect();
        let d = Sha512::digest(&bytes);
        let mut out = [0u32; DIGEST_WORDS];
        for (word, b) in out.iter_mut().zip(d.chunks_exact(4)) {
            *word = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
        out
    }

    fn check(blocks: &[[u32; BLOCK_WORDS]; 4]) {
        let refs = [&blocks[0], &blocks[1], &blocks[2], &blocks[3]];
        let want = blocks.each_ref().map(reference);
        assert_eq!(digests4(refs), want);
        for path in [Path::Avx512, Path::Avx2, Path::Scalar] {
            if path.available() {
                assert_eq!(digests_by(path, [refs]), [want], "{path:?}");
                let swapped = [refs[3], refs[2], refs[1], refs[0]];
                let mut swapped_want = want;
                swapped_want.reverse();
                assert_eq!(
                    digests_by(path, [refs, swapped]),
                    [want, swapped_want],
                    "{path:?}, two groups"
                );
            }
        }
        assert_eq!(
            digests8([refs, refs]),
            [want, want],
            "the best path, two groups"
        );
        for (block, digest) in blocks.iter().zip(want) {
            let mut scalar = [0u32; DIGEST_WORDS];
            digest_words(&compress(&message(block)), &mut scalar);
            assert_eq!(scalar, digest);
        }
    }

    #[test]
    fn padding_schedule_matches_a_full_digest() {
        // All-zero and all-one blocks exercise the constant second block on its own.
        check(&[
            [0; BLOCK_WORDS],
            [u32::MAX; BLOCK_WORDS],
            [0; BLOCK_WORDS],
            [1; BLOCK_WORDS],
        ]);
    }

    proptest! {
        #[test]
        fn both_paths_match_sha2(words in proptest::collection::vec(any::<u32>(), 4 * BLOCK_WORDS)) {
            let mut blocks = [[0u32; BLOCK_WORDS]; 4];
            for (b, w) in blocks.iter_mut().zip(words.chunks_exact(BLOCK_WORDS)) {
                b.copy_from_slice(w);
            }
            check(&blocks);
        }
    }
}
