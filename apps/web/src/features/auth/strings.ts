// Korean words of the login, signup and social-login screens (messages shared with the server side live in the
// contract's MSG).
export const AUTH = {
  loginTitle: "로그인",
  signupTitle: "회원가입",
  loginId: "아이디",
  password: "비밀번호",
  username: "이름",
  loginButton: "로그인",
  signupButton: "가입하기",
  submitting: "처리 중…",
  noAccount: "아직 계정이 없으신가요?",
  toSignup: "회원가입",
  haveAccount: "이미 계정이 있으신가요?",
  toLogin: "로그인",
  socialDivider: "또는 소셜 계정으로 로그인",
  kakao: "카카오로 로그인",
  google: "구글로 로그인",
  kakaoName: "카카오",
  googleName: "구글",
  socialTip: (names: string[]) =>
    `${names.join("나 ")} 계정으로도 로그인할 수 있어요. 처음 로그인하면 무비피디아 계정이 바로 만들어집니다.`,
  usernameHint: "한글, 영문, 숫자, 밑줄(_), 하이픈(-)으로 3~20자",
  loginIdHint: "영문, 숫자, 밑줄(_), 마침표(.)로 6~20자",
  passwordHint: "공백 없이 8~20자, 영문·숫자·특수문자 중 2가지 이상",
  oauthTitle: "소셜 로그인",
  unknownProvider: "지원하지 않는 로그인 방식입니다.",
} as const;
