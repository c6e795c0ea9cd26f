// Round keys updated from one another in a loop (shavite c512): the value analysis stops at its
// budget, says so, and the run goes on (bench/analysis_scaling.py times K = 8..64).
__kernel void c512(__global uint *out, __global const uint *in,
                   __constant uint *T, uint c0, uint c1) {
  uint k0 = in[0];
  uint k1 = in[1];
  uint k2 = in[2];
  uint k3 = in[3];
  uint k4 = in[4];
  uint k5 = in[5];
  uint k6 = in[6];
  uint k7 = in[7];
  uint k8 = in[8];
  uint k9 = in[9];
  uint k10 = in[10];
  uint k11 = in[11];
  uint k12 = in[12];
  uint k13 = in[13];
  uint k14 = in[14];
  uint k15 = in[15];
  uint k16 = in[16];
  uint k17 = in[17];
  uint k18 = in[18];
  uint k19 = in[19];
  uint k20 = in[20];
  uint k21 = in[21];
  uint k22 = in[22];
  uint k23 = in[23];
  uint k24 = in[24];
  uint k25 = in[25];
  uint k26 = in[26];
  uint k27 = in[27];
  uint k28 = in[28];
  uint k29 = in[29];
  uint k30 = in[30];
  uint k31 = in[31];
  uint x = in[get_global_id(0)];
  for (int r = 0; r < 3; r++) {
    k0 ^= T[k1 & 255] ^ T[(k2 >> 8) & 255] ^ k28;
    if (r == 0) { k0 ^= c0; k1 ^= c1; }
    x ^= T[(x ^ k0) & 255];
    k1 ^= T[k2 & 255] ^ T[(k3 >> 8) & 255] ^ k29;
    x ^= T[(x ^ k1) & 255];
    k2 ^= T[k3 & 255] ^ T[(k4 >> 8) & 255] ^ k30;
    x ^= T[(x ^ k2) & 255];
    k3 ^= T[k4 & 255] ^ T[(k5 >> 8) & 255] ^ k31;
    x ^= T[(x ^ k3) & 255];
    k4 ^= T[k5 & 255] ^ T[(k6 >> 8) & 255] ^ k0;
    if (r == 1) { k4 ^= c0; k5 ^= c1; }
    x ^= T[(x ^ k4) & 255];
    k5 ^= T[k6 & 255] ^ T[(k7 >> 8) & 255] ^ k1;
    x ^= T[(x ^ k5) & 255];
    k6 ^= T[k7 & 255] ^ T[(k8 >> 8) & 255] ^ k2;
    x ^= T[(x ^ k6) & 255];
    k7 ^= T[k8 & 255] ^ T[(k9 >> 8) & 255] ^ k3;
    x ^= T[(x ^ k7) & 255];
    k8 ^= T[k9 & 255] ^ T[(k10 >> 8) & 255] ^ k4;
    if (r == 2) { k8 ^= c0; k9 ^= c1; }
    x ^= T[(x ^ k8) & 255];
    k9 ^= T[k10 & 255] ^ T[(k11 >> 8) & 255] ^ k5;
    x ^= T[(x ^ k9) & 255];
    k10 ^= T[k11 & 255] ^ T[(k12 >> 8) & 255] ^ k6;
    x ^= T[(x ^ k10) & 255];
    k11 ^= T[k12 & 255] ^ T[(k13 >> 8) & 255] ^ k7;
    x ^= T[(x ^ k11) & 255];
    k12 ^= T[k13 & 255] ^ T[(k14 >> 8) & 255] ^ k8;
    if (r == 0) { k12 ^= c0; k13 ^= c1; }
    x ^= T[(x ^ k12) & 255];
    k13 ^= T[k14 & 255] ^ T[(k15 >> 8) & 255] ^ k9;
    x ^= T[(x ^ k13) & 255];
    k14 ^= T[k15 & 255] ^ T[(k16 >> 8) & 255] ^ k10;
    x ^= T[(x ^ k14) & 255];
    k15 ^= T[k16 & 255] ^ T[(k17 >> 8) & 255] ^ k11;
    x ^= T[(x ^ k15) & 255];
    k16 ^= T[k17 & 255] ^ T[(k18 >> 8) & 255] ^ k12;
    if (r == 1) { k16 ^= c0; k17 ^= c1; }
    x ^= T[(x ^ k16) & 255];
    k17 ^= T[k18 & 255] ^ T[(k19 >> 8) & 255] ^ k13;
    x ^= T[(x ^ k17) & 255];
    k18 ^= T[k19 & 255] ^ T[(k20 >> 8) & 255] ^ k14;
    x ^= T[(x ^ k18) & 255];
    k19 ^= T[k20 & 255] ^ T[(k21 >> 8) & 255] ^ k15;
    x ^= T[(x ^ k19) & 255];
    k20 ^= T[k21 & 255] ^ T[(k22 >> 8) & 255] ^ k16;
    if (r == 2) { k20 ^= c0; k21 ^= c1; }
    x ^= T[(x ^ k20) & 255];
    k21 ^= T[k22 & 255] ^ T[(k23 >> 8) & 255] ^ k17;
    x ^= T[(x ^ k21) & 255];
    k22 ^= T[k23 & 255] ^ T[(k24 >> 8) & 255] ^ k18;
    x ^= T[(x ^ k22) & 255];
    k23 ^= T[k24 & 255] ^ T[(k25 >> 8) & 255] ^ k19;
    x ^= T[(x ^ k23) & 255];
    k24 ^= T[k25 & 255] ^ T[(k26 >> 8) & 255] ^ k20;
    if (r == 0) { k24 ^= c0; k25 ^= c1; }
    x ^= T[(x ^ k24) & 255];
    k25 ^= T[k26 & 255] ^ T[(k27 >> 8) & 255] ^ k21;
    x ^= T[(x ^ k25) & 255];
    k26 ^= T[k27 & 255] ^ T[(k28 >> 8) & 255] ^ k22;
    x ^= T[(x ^ k26) & 255];
    k27 ^= T[k28 & 255] ^ T[(k29 >> 8) & 255] ^ k23;
    x ^= T[(x ^ k27) & 255];
    k28 ^= T[k29 & 255] ^ T[(k30 >> 8) & 255] ^ k24;
    if (r == 1) { k28 ^= c0; k29 ^= c1; }
    x ^= T[(x ^ k28) & 255];
    k29 ^= T[k30 & 255] ^ T[(k31 >> 8) & 255] ^ k25;
    x ^= T[(x ^ k29) & 255];
    k30 ^= T[k31 & 255] ^ T[(k0 >> 8) & 255] ^ k26;
    x ^= T[(x ^ k30) & 255];
    k31 ^= T[k0 & 255] ^ T[(k1 >> 8) & 255] ^ k27;
    x ^= T[(x ^ k31) & 255];
  }
  out[get_global_id(0)] = x;
}
