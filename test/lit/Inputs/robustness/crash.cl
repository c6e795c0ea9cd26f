// clang's own debug pragma traps inside the parser: a stand-in for any crash.
#pragma clang __debug crash
__kernel void k(__global float *p) { p[0] = 1.0f; }
