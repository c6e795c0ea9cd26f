// RUN: %cllint --min-impact=0 --all --rules=-*,arith-double-literal %s > %t.opt
// RUN: not grep arith-double-literal %t.opt
// RUN: not %cllint --min-impact=0 --all --rules=-*,arith-double-literal %s -- -cl-opt-disable | FileCheck %s --check-prefix=NOOPT --implicit-check-not=warning:
// One operation of a float and a literal exact in float, straight to float: an optimising
// build narrows it to float (the same PTX as 0.5f on an NVIDIA H100); built with
// -cl-opt-disable it keeps both conversions and the fp64 multiply.

__kernel void halve(__global const float *in, __global float *out) {
  int i = get_global_id(0);
  out[i] = in[i] * 0.5;
// NOOPT: opt-disable.cl:[[@LINE-1]]:20: warning: {{([^:]*: )?}}double-precision literal '0.5' makes this float arithmetic run in double (1 fp64 operation and 2 float<->double conversions per evaluation); write '0.5f'
}
