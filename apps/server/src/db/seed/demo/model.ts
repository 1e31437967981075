// In-memory demo objects before they become rows: references are object links, and ids are assigned at the end in
// chronological order (lists ordered by id are oldest first, as the API's default orders promise).

export interface DemoMovie {
  id: number;
  year: number;
  genres: string[];
  korean: boolean;
  /** On a stored chart (box office, streaming): widely seen. */
  charted: boolean;
  /** On the purchase chart: beloved classics, rated higher. */
  classic: boolean;
  director: { id: number; name: string } | null;
  leads: Array<{ id: number; name: string; character: string | null }>;
}

export interface Entity {
  id: number;
  at: number;
}

export interface DemoUser extends Entity {
  username: string;
  statusMessage: string | null;
  /** How much this member does; drives follows, collections and who gets noticed. */
  activity: number;
  prefs: Map<string, number>;
}

export interface DemoReview extends Entity {
  user: DemoUser;
  movie: DemoMovie;
  rating: number;
  status: "" | "WatchList" | "Watching";
  content: string;
  spoiler: boolean;
  updatedAt: number;
}

export interface DemoReply extends Entity {
  review: DemoReview;
  user: DemoUser;
  content: string;
}

export interface DemoCollection extends Entity {
  user: DemoUser;
  title: string;
  overview: string | null;
  movies: DemoMovie[];
}

export interface DemoCollectionComment extends Entity {
  collection: DemoCollection;
  user: DemoUser;
  content: string;
}

export interface DemoPair<T> extends Entity {
  user: DemoUser;
  target: T;
}

export interface DemoWorld {
  users: DemoUser[];
  reviews: DemoReview[];
  replies: DemoReply[];
  collections: DemoCollection[];
  collectionComments: DemoCollectionComment[];
  reviewLikes: Array<DemoPair<DemoReview>>;
  replyLikes: Array<DemoPair<DemoReply>>;
  collectionLikes: Array<DemoPair<DemoCollection>>;
  commentLikes: Array<DemoPair<DemoCollectionComment>>;
  personLikes: Array<DemoPair<{ id: number }>>;
  follows: Array<DemoPair<DemoUser>>;
  blocks: Array<DemoPair<DemoUser>>;
}

/** Sorts by time (then creation order) and numbers the ids from `first`. */
export function assignIds<T extends Entity>(items: T[], first: number): T[] {
  const order = items.map((item, index) => ({ item, index }));
  order.sort((a, b) => a.item.at - b.item.at || a.index - b.index);
  order.forEach(({ item }, i) => (item.id = first + i));
  return order.map(({ item }) => item);
}
