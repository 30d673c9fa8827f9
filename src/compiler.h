/* compiler.h - hints to the compiler and the linker about where code and
 * data go.  Each is empty where the compiler does not know it. */
#ifndef SGFT_COMPILER_H
#define SGFT_COMPILER_H

/* A function of the paths a well-formed file does not take (a message, a
 * fault): the compiler puts it, and the branches that call it, out of the
 * way of the common path. */
#if defined __GNUC__
#define SGFT_COLD __attribute__((cold))
#else
#define SGFT_COLD
#endif
/* A rarer path kept out of its caller, so the common path stays small. */
#if defined __GNUC__
#define SGFT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SGFT_PRINTF(f, a)
#endif

#if defined __GNUC__
#define SGFT_NOINLINE __attribute__((noinline))
#else
#define SGFT_NOINLINE
#endif

/* A large constant table that a well-formed file in a declared charset
 * does not read (the messages' texts and descriptions, the tables of
 * charset detection): it goes into .rodata1, which ELF linkers place
 * after all of .rodata.  The tables a process reads every time then lie
 * on fewer pages, and the kernel maps fewer of the program's pages when
 * it starts (it maps up to 16 around each one touched).  Only for tables
 * without pointers: .rodata1 takes no relocations. */
#if defined __GNUC__ && defined __ELF__
#define SGFT_RARE_DATA __attribute__((section(".rodata1")))
#else
#define SGFT_RARE_DATA
#endif

#endif
