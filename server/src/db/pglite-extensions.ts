// The PostgreSQL extensions the migrations create (0012): trigram similarity for names typed with a typo,
// and unaccent so "Zoe" finds "Zoë". A PostgreSQL server ships them with its contrib modules; PGlite loads
// each from its own package, so every PGlite this project opens must be given them, or a query that
// reaches one of their functions (an index on users' names, a search) fails.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };
