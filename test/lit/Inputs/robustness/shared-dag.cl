// Each variable uses the previous one twice: a 2^40-node tree as a 40-node DAG. Walks that
// do not share work take forever.
__kernel void dag(__global float *p, int s) {
  int a0 = get_global_id(0) + s;
  int a1 = a0 * a0 + a0; int a2 = a1 * a1 + a1; int a3 = a2 * a2 + a2; int a4 = a3 * a3 + a3;
  int a5 = a4 * a4 + a4; int a6 = a5 * a5 + a5; int a7 = a6 * a6 + a6; int a8 = a7 * a7 + a7;
  int a9 = a8 * a8 + a8; int b0 = a9 * a9 + a9; int b1 = b0 * b0 + b0; int b2 = b1 * b1 + b1;
  int b3 = b2 * b2 + b2; int b4 = b3 * b3 + b3; int b5 = b4 * b4 + b4; int b6 = b5 * b5 + b5;
  int b7 = b6 * b6 + b6; int b8 = b7 * b7 + b7; int b9 = b8 * b8 + b8; int c0 = b9 * b9 + b9;
  int c1 = c0 * c0 + c0; int c2 = c1 * c1 + c1; int c3 = c2 * c2 + c2; int c4 = c3 * c3 + c3;
  int c5 = c4 * c4 + c4; int c6 = c5 * c5 + c5; int c7 = c6 * c6 + c6; int c8 = c7 * c7 + c7;
  int c9 = c8 * c8 + c8; int d0 = c9 * c9 + c9; int d1 = d0 * d0 + d0; int d2 = d1 * d1 + d1;
  if (d2 % 2 == 1)
    p[d2 & 1023] = 1.0f;
}
