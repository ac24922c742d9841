// Every JSON response is { status, message, data } (DESIGN §3.1).

export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

export function envelope<T>(data: T, message = 'OK', status = 200): Envelope<T> {
  return { status, message, data };
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  total_pages: number;
  has_next_page: boolean;
}

export function paginated<T>(rows: T[], page: number, limit: number, total: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const pagination: Pagination = { page, limit, total, total_pages: totalPages, has_next_page: page < totalPages };
  return { data: rows, pagination };
}
