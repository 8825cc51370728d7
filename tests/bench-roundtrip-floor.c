/* bench-roundtrip-floor.c: the least work a round trip of FILE… can do, for bench-cli (issue 35):
 * map the files, decode them (every 16-bit word turned round, as Marathon's records mostly are)
 * into fresh memory, then encode them back comparing with the files, and print 'identical'. No
 * GLib, no codec, no structs: libc only, the fresh memory one mapping for all the files, on
 * transparent huge pages when it fills one (as tessera-cli's heap is). Its ratio to cat, which
 * bench-cli prints, is the floor under any real round trip's. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_FILES = 16 };

int
main (int argc, char **argv)
{
  const size_t huge = 2 * 1024 * 1024;
  const uint16_t *in[MAX_FILES];
  size_t words[MAX_FILES], total = 0, reserved;
  unsigned char *fresh;
  uint16_t *out;
  int differ = 0;

  if (argc < 2 || argc - 1 > MAX_FILES)
    {
      fprintf (stderr, "usage: bench-roundtrip-floor FILE… (up to %d)\n", MAX_FILES);
      return 2;
    }
  for (int f = 0; f < argc - 1; f++)
    {
      struct stat status;
      int fd = open (argv[f + 1], O_RDONLY | O_CLOEXEC);

      if (fd < 0 || fstat (fd, &status) != 0 || status.st_size < 2)
        {
          fprintf (stderr, "bench-roundtrip-floor: %s: not a readable file of 2 bytes or more\n", argv[f + 1]);
          return 1;
        }
      words[f] = (size_t) status.st_size / 2;
      total += words[f];
      in[f] = mmap (NULL, (size_t) status.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
      close (fd);
      if (in[f] == MAP_FAILED)
        {
          perror ("bench-roundtrip-floor: mmap");
          return 1;
        }
    }
  reserved = (total * 2 + 2 * huge) & ~(huge - 1);
  fresh = mmap (NULL, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (fresh == MAP_FAILED)
    {
      perror ("bench-roundtrip-floor: mmap");
      return 1;
    }
  out = (uint16_t *) (((uintptr_t) fresh + huge - 1) & ~(uintptr_t) (huge - 1));
#ifdef MADV_HUGEPAGE
  if (total * 2 >= huge)
    (void) madvise (out, reserved - huge, MADV_HUGEPAGE);
#endif
  for (int f = 0; f < argc - 1; out += words[f], f++)
    {
      for (size_t i = 0; i < words[f]; i++)
        out[i] = __builtin_bswap16 (in[f][i]);
      for (size_t i = 0; i < words[f]; i++)
        differ |= __builtin_bswap16 (out[i]) != in[f][i];
    }
  puts (differ ? "differs" : "identical");
  return differ;
}
